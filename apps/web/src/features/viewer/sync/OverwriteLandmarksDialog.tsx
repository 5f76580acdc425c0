/**
 * Spec 2 §2 "landmarks overwrite confirmation": overwriting replaces what is stored for the whole block
 * (for every user of the project), so it asks first and says what changes and what stays.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function OverwriteLandmarksDialog({
  blockId,
  open,
  onClose,
  onConfirm,
}: {
  blockId: string;
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="overwrite-landmarks-title">
      <DialogTitle id="overwrite-landmarks-title">Overwrite landmarks?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The location landmark of block {blockId} will be replaced by the positions the displayed slides show
          now, for everyone in this project. Numbered landmarks are kept.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          autoFocus
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          Overwrite
        </Button>
      </DialogActions>
    </Dialog>
  );
}
