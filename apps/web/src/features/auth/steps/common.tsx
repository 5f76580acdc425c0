/** Pieces every login step shares: its props, title block, the e-mail chip and the form-level error. */
import type { Dispatch, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import type { auth } from '@tessera/contract';
import type { LoginEvent, LoginState } from '../login-steps.ts';

export interface StepProps {
  state: LoginState;
  dispatch: Dispatch<LoginEvent>;
  /** Handles any sign-in answer: tokens finish the sign-in, a challenge moves to its step. */
  onResult: (result: auth.SignInResult) => void;
}

export function StepTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

/** The e-mail of the sign-in in progress; clicking it goes back to the e-mail step (spec 1 §4). */
export function EmailChip({ email, onClick }: { email: string; onClick: () => void }) {
  return (
    <Chip
      icon={<AccountCircleRounded />}
      label={email}
      onClick={onClick}
      onDelete={onClick}
      deleteIcon={<EditRounded aria-label="Change e-mail address" />}
      variant="outlined"
      title="Use another e-mail address"
      sx={{ maxWidth: '100%', mb: 2.5, '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
    />
  );
}

/** Server errors of a form show under the form (spec 1 §8). */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <Collapse in={!!message} unmountOnExit>
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        {message}
      </Alert>
    </Collapse>
  );
}

export function RememberMe({ state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={state.remember}
          onChange={(e) => dispatch({ type: 'rememberChanged', remember: e.target.checked })}
        />
      }
      label={<Typography variant="body2">Remember me</Typography>}
    />
  );
}
