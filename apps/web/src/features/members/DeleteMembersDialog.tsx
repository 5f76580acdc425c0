/** Confirmation before members are removed (spec 1 §5: Delete key or context menu, with confirmation). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ProjectMember } from '../../api/members.ts';

interface Props {
  open: boolean;
  projectName: string;
  members: ProjectMember[];
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteMembersDialog({ open, projectName, members, isDeleting, onConfirm, onClose }: Props) {
  const many = members.length > 1;
  return (
    <Dialog open={open} onClose={() => !isDeleting && onClose()} maxWidth="xs" fullWidth>
      <DialogTitle>{many ? `Delete ${members.length} members` : 'Delete member'}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">
          {many ? 'These users will be removed' : 'This user will be removed'} from {projectName} and lose
          access to it:
        </DialogContentText>
        <List dense sx={{ maxHeight: 220, overflow: 'auto', mt: 1, bgcolor: 'grey.50', borderRadius: 2 }}>
          {members.map((m) => (
            <ListItem key={m.userId}>
              <ListItemText primary={m.email} secondary={m.roleDisplayName} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={isDeleting} autoFocus>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
