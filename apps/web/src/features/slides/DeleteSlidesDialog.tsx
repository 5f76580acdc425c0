/** Delete Slide (spec 1 §2): a confirmation, then a batch delete of the chosen rows. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function DeleteSlidesDialog({
  fileNames,
  onConfirm,
  onClose,
}: {
  fileNames: string[];
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const count = fileNames.length;
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="delete-slides-title">
      <DialogTitle id="delete-slides-title">
        {count === 1 ? 'Delete slide?' : `Delete ${count} slides?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {count === 1
            ? `${fileNames[0]} and its metadata are removed from this project.`
            : `${fileNames.slice(0, 5).join(', ')}${count > 5 ? ` and ${count - 5} more` : ''} and their metadata are removed from this project.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
