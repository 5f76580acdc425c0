/**
 * Logout asks first (spec 1 §2); then this tab's uploads stop ('Unable to stop the upload' when they
 * cannot), the session ends and the app goes to /login.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LOGIN_PATH, useAuth, type LoginLocationState } from '../../app/auth.tsx';
import { UPLOAD_MESSAGES } from '@tessera/domain';
import { useNotify } from '../../app/notify.tsx';
import { uploadQueue } from '../uploads/index.ts';

export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const logout = async () => {
    setSigningOut(true);
    await uploadQueue.stop().catch(() => notify(UPLOAD_MESSAGES.unableToStop, 'error'));
    try {
      await signOut();
      onClose();
      navigate(LOGIN_PATH, { replace: true, state: { reason: 'logout' } satisfies LoginLocationState });
    } catch {
      notify('Unable to sign out', 'error');
    } finally {
      setSigningOut(false);
    }
  };
  return (
    <Dialog open={open} onClose={() => !isSigningOut && onClose()} maxWidth="xs" fullWidth>
      <DialogTitle>Log out</DialogTitle>
      <DialogContent>
        <DialogContentText>Are you sure you want to log out?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSigningOut}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void logout()} loading={isSigningOut} autoFocus>
          Log out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
