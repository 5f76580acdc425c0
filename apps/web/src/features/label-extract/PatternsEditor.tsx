/**
 * The project's patterns for studyId and blockId (issue #15 point 5: configurable per project): a regular
 * expression each, checked as typed by the domain's rule, saved for the project.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LABEL_EXTRACT_TEXTS, LABEL_FIELDS, labelPatternSchema, type LabelPatterns } from '@tessera/domain';
import { useLabelPatterns, useSaveLabelPatterns } from '../../api/label-extract.ts';
import { messageOf } from '../../api/queries.ts';

export function PatternsEditor({ projectId }: { projectId: string }) {
  const stored = useLabelPatterns(projectId);
  if (stored.isError) return <Alert severity="error">{messageOf(stored.error)}</Alert>;
  if (!stored.data) return null;
  return <PatternsForm projectId={projectId} stored={stored.data} />;
}

/** The form, started from the stored patterns (mounted once they are read). */
function PatternsForm({
  projectId,
  stored,
}: {
  projectId: string;
  stored: { patterns: LabelPatterns; isDefault: boolean };
}) {
  const save = useSaveLabelPatterns(projectId);
  const [draft, setDraft] = useState<LabelPatterns>(stored.patterns);
  const problems = Object.fromEntries(
    LABEL_FIELDS.map((field) => {
      const checked = labelPatternSchema.safeParse(draft[field]);
      return [field, checked.success ? null : (checked.error.issues[0]?.message ?? '')];
    }),
  );
  const isChanged = LABEL_FIELDS.some((f) => draft[f] !== stored.patterns[f]);
  const isValid = LABEL_FIELDS.every((f) => problems[f] === null);
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">
        {LABEL_EXTRACT_TEXTS.patterns}
        {stored.isDefault && !isChanged ? ' (the defaults)' : ''}
      </Typography>
      {LABEL_FIELDS.map((field) => (
        <TextField
          key={field}
          size="small"
          label={LABEL_EXTRACT_TEXTS.patternLabel(field)}
          value={draft[field]}
          onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
          error={problems[field] !== null}
          helperText={problems[field] ?? 'The first group of a match, or the whole match, is the value'}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      ))}
      <Stack direction="row" spacing={1} alignItems="center">
        <Button
          size="small"
          variant="outlined"
          disabled={!isChanged || !isValid || save.isPending}
          onClick={() => save.mutate(draft)}
        >
          Save patterns for the project
        </Button>
        {save.isError && (
          <Typography variant="body2" color="error">
            {messageOf(save.error)}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
