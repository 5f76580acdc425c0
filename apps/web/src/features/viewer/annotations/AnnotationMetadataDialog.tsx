/**
 * Edit Metadata (spec 3 §5, the annotation menu's first item): the one selected region annotation's
 * FOV placement delivery and FOV class, read afresh from the server. Only FOV, ROI and ROI detection
 * annotations take them (spec 3 §2): on others the fields are shown greyed with the reason. A field
 * cleared (its clear button, or its text deleted) goes back to its default, empty. Save sends the fields
 * changed; the server checks them by the same rule (packages/domain annotation-metadata.ts).
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Clear from '@mui/icons-material/Clear';
import {
  ANNOTATION_METADATA_FIELDS,
  ANNOTATION_METADATA_MESSAGES,
  annotationMetadataChangeSchema,
  MAX_METADATA_VALUE_LENGTH,
  type AnnotationMetadata,
  type AnnotationMetadataField,
} from '@tessera/domain';
import {
  saveAnnotationMetadata,
  useAnnotationMetadata,
  type EditedSet,
} from '../../../api/annotation-edits.ts';
import { messageOf } from '../../../api/queries.ts';
import { useNotify } from '../../../app/notify.tsx';

/** Said once the metadata is saved. */
export const METADATA_SAVED = 'Annotation metadata saved';

export function AnnotationMetadataDialog({
  set,
  annotationId,
  className,
  onClose,
}: {
  set: EditedSet;
  annotationId: string;
  /** How the annotation's class is named in the project. */
  className: (classId: string) => string;
  onClose: () => void;
}) {
  const stored = useAnnotationMetadata(set, annotationId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="annotation-metadata-title">
      <DialogTitle id="annotation-metadata-title">Edit Metadata</DialogTitle>
      {stored.data ? (
        <MetadataForm
          set={set}
          annotationId={annotationId}
          classLabel={className(stored.data.annotationClass)}
          isEditable={stored.data.isEditable}
          stored={stored.data.metadata}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            {stored.isError ? (
              <Alert severity="error">{messageOf(stored.error)}</Alert>
            ) : (
              <Stack alignItems="center" sx={{ py: 3 }}>
                <CircularProgress size={28} aria-label="Loading metadata" />
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function MetadataForm({
  set,
  annotationId,
  classLabel,
  isEditable,
  stored,
  onClose,
}: {
  set: EditedSet;
  annotationId: string;
  classLabel: string;
  isEditable: boolean;
  stored: AnnotationMetadata;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState<Record<AnnotationMetadataField, string>>({
    fovPlacementDelivery: stored.fovPlacementDelivery ?? '',
    fovClass: stored.fovClass ?? '',
  });
  const [isSaving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = ANNOTATION_METADATA_FIELDS.filter(
    ({ fieldName }) => values[fieldName].trim() !== (stored[fieldName] ?? ''),
  ).map(({ fieldName }) => fieldName);
  const checked = annotationMetadataChangeSchema.safeParse(
    Object.fromEntries(changed.map((field) => [field, values[field]])),
  );
  const problemOf = (field: AnnotationMetadataField) =>
    checked.success ? null : (checked.error.issues.find((i) => i.path[0] === field)?.message ?? null);

  const save = async () => {
    if (!checked.success) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveAnnotationMetadata(set, annotationId, checked.data);
      notify(METADATA_SAVED, 'success');
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {classLabel} · annotation {annotationId}
        </Typography>
        {!isEditable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {ANNOTATION_METADATA_MESSAGES.notEditable}
          </Alert>
        )}
        <Stack spacing={2}>
          {ANNOTATION_METADATA_FIELDS.map(({ fieldName, headerName }, i) => (
            <TextField
              key={fieldName}
              label={headerName}
              value={values[fieldName]}
              disabled={!isEditable || isSaving}
              autoFocus={isEditable && i === 0}
              onChange={(event) => setValues({ ...values, [fieldName]: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && checked.success && changed.length > 0) void save();
              }}
              error={problemOf(fieldName) !== null}
              helperText={problemOf(fieldName)}
              slotProps={{
                htmlInput: { maxLength: MAX_METADATA_VALUE_LENGTH + 1 },
                input: {
                  endAdornment: values[fieldName] !== '' && isEditable && (
                    <InputAdornment position="end">
                      <IconButton
                        size="small"
                        aria-label={`Clear ${headerName}`}
                        onClick={() => setValues({ ...values, [fieldName]: '' })}
                        edge="end"
                      >
                        <Clear fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          ))}
        </Stack>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!isEditable || isSaving || changed.length === 0 || !checked.success}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}
