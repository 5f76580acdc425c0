/**
 * Share filters (spec 1 §2, needs exportShareFilters): saves the slide metadata table's search text,
 * filters and column state as they were when the dialog opened, then shows the link that restores them
 * for other members, with a Copy button ('Copied' for 2000 ms, spec 1 §9).
 */
import { useEffect, useState, type FocusEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SharedView } from '@tessera/contract';
import { saveSharedView } from '../../api/shared-views.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { projectSlidesPath } from '../projects/index.ts';
import { SHARED_VIEW_PARAM } from './use-shared-view-link.ts';

export const SHARE_FAILED = 'Something went wrong, please try again.';

/** The absolute link that opens the project's slide table with the view of `hash`. */
export function sharedViewLink(projectId: string, hash: string): string {
  const url = new URL(projectSlidesPath(projectId), window.location.origin);
  url.searchParams.set(SHARED_VIEW_PARAM, hash);
  return url.toString();
}

export function ShareFiltersDialog({
  projectId,
  view,
  onClose,
}: {
  projectId: string;
  view: SharedView;
  onClose: () => void;
}) {
  // The view at opening: what the user asked to share, even if the table changes behind the dialog.
  const [opened] = useState(view);
  const save = useMutation({ mutationFn: () => saveSharedView(projectId, opened) });
  const { mutate } = save;
  // Saving twice (effects run twice in development, or Try again) is harmless: the hash is over the
  // content, so the server answers the same hash and keeps one row.
  useEffect(() => mutate(), [mutate]);
  const link = save.data ? sharedViewLink(projectId, save.data.hash) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="share-filters-title"
      aria-describedby="share-filters-description"
    >
      <DialogTitle id="share-filters-title">Share filters</DialogTitle>
      <DialogContent>
        <DialogContentText id="share-filters-description" variant="body2" sx={{ mb: 2 }}>
          Members of this project who open the link see the slide metadata table with the current filters,
          columns and search text.
        </DialogContentText>
        {save.isError ? (
          <Alert severity="error">{SHARE_FAILED}</Alert>
        ) : link ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label="Shared link"
              value={link}
              size="small"
              fullWidth
              slotProps={{
                input: { readOnly: true },
                htmlInput: { onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() },
              }}
            />
            <CopyButton text={link} />
          </Stack>
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minHeight: 40 }}>
            <CircularProgress size={24} aria-label="Saving the shared view" />
            <DialogContentText variant="body2">Saving the view…</DialogContentText>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {save.isError && <Button onClick={() => mutate()}>Try again</Button>}
        <Button onClick={onClose} variant={link ? 'contained' : 'text'}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
