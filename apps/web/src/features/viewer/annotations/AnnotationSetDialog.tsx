/**
 * Create or rename an annotation set (spec 2 §2 dialogs, §5 "Annotation set name", §8 "Set name in use"):
 * the name is checked as typed by the domain's rule, with the spec's messages; the server's refusal of a
 * name in use is said as the spec words it, any other failure as 'Annotation set creation failed: …' or
 * '… update failed: …'. A created set is shown at once.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ANNOTATION_SET_MESSAGES, ANNOTATION_SET_NAME_MAX, annotationSetNameSchema } from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import { ApiError } from '../../../api/client.ts';
import { useCreateAnnotationSet, useRenameAnnotationSet } from '../../../api/annotation-sets.ts';
import { messageOf } from '../../../api/queries.ts';

export type SetDialogMode = { kind: 'create' } | { kind: 'rename'; setId: string; name: string };

export function AnnotationSetDialog({
  projectId,
  slideId,
  mode,
  onClose,
  onCreated,
}: {
  projectId: string;
  slideId: string;
  mode: SetDialogMode;
  onClose: () => void;
  onCreated: (setId: string) => void;
}) {
  const [name, setName] = useState(mode.kind === 'rename' ? mode.name : '');
  const [isTouched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateAnnotationSet(projectId, slideId);
  const rename = useRenameAnnotationSet(projectId, slideId);
  const checked = annotationSetNameSchema.safeParse(name);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const isPending = create.isPending || rename.isPending;

  const failureOf = (error: unknown) => {
    if (error instanceof ApiError && error.code === ERROR_CODES.annotationSetNameInUse) return error.message;
    const reason = messageOf(error);
    return mode.kind === 'create'
      ? ANNOTATION_SET_MESSAGES.creationFailed(reason)
      : ANNOTATION_SET_MESSAGES.updateFailed(reason);
  };
  const submit = () => {
    setTouched(true);
    if (!checked.success) return;
    setFailure(null);
    const done = { onError: (error: unknown) => setFailure(failureOf(error)) };
    if (mode.kind === 'create')
      create.mutate(checked.data, {
        ...done,
        onSuccess: (set) => {
          onCreated(set.id);
          onClose();
        },
      });
    else rename.mutate({ setId: mode.setId, name: checked.data }, { ...done, onSuccess: onClose });
  };

  const title = mode.kind === 'create' ? 'New annotation set' : 'Rename annotation set';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="annotation-set-dialog-title">
      <DialogTitle id="annotation-set-dialog-title">{title}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setFailure(null);
            }}
            onBlur={() => setTouched(true)}
            error={(isTouched && problem !== null) || failure !== null}
            helperText={failure ?? (isTouched ? problem : null) ?? ' '}
            slotProps={{ htmlInput: { maxLength: ANNOTATION_SET_NAME_MAX + 40 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {mode.kind === 'create' ? 'Create' : 'Rename'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
