/** About: the product name and the running version (spec 1 §1: 2.1.875). */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@tessera/domain';
import { LogoMark } from '../../ui/Logo.tsx';

export const PRODUCT_NAME = 'Tessera';

export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="about-title">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Box sx={{ display: 'inline-flex', p: 1.5, borderRadius: 3, bgcolor: 'primary.main', mb: 2 }}>
          <LogoMark size={40} />
        </Box>
        <Typography id="about-title" variant="h6" component="h2">
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Digital pathology portal
        </Typography>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Version {APP_VERSION}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center' }}>
        <Button onClick={onClose} variant="outlined" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
