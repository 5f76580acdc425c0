/**
 * Pieces every login step shares: its props, title block, the e-mail chip and field, the submit button
 * and the form-level error.
 */
import type { Dispatch, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import type { auth } from '@tessera/contract';
import { checkEmail } from '@tessera/domain';
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
export function EmailChip({ state, dispatch }: Pick<StepProps, 'state' | 'dispatch'>) {
  const editEmail = () => dispatch({ type: 'editEmail' });
  return (
    <Chip
      icon={<AccountCircleRounded />}
      label={state.email}
      onClick={editEmail}
      onDelete={editEmail}
      deleteIcon={<EditRounded aria-label="Change e-mail address" />}
      variant="outlined"
      title="Use another e-mail address"
      sx={{ maxWidth: '100%', mb: 2.5, '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
    />
  );
}

/** The rule of every e-mail field of the sign-in forms, from the domain. */
export const EMAIL_RULES = { validate: (value: string) => checkEmail(value) ?? true };

/**
 * The e-mail input of a sign-in form: always its first field, so it takes the focus, and medium-sized
 * like every sign-in field (the theme's default is the compact size of the app's forms).
 */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'email'>;
  error: FieldError | undefined;
}) {
  return (
    <TextField
      {...registration}
      label="E-mail address"
      type="email"
      autoComplete="username"
      autoFocus
      fullWidth
      size="medium"
      error={!!error}
      helperText={error?.message}
    />
  );
}

/** The full-width main button of a step; `loading` while its request runs. */
export function SubmitButton({
  loading,
  sx,
  children,
}: {
  loading: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={loading} sx={sx}>
      {children}
    </Button>
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
