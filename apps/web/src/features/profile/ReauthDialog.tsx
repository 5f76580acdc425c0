/**
 * Re-authentication in place (spec 1 §8): API key generation needs a sign-in younger than 5 minutes,
 * so instead of leaving the page the user confirms their password here (and the second-factor code
 * when the account has one). The fresh tokens replace the current ones; nothing else is reset.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { auth, ERROR_CODES } from '@tessera/contract';
import { ApiError, call } from '../../api/client.ts';
import { isRemembered } from '../../api/session-store.ts';
import { messageOf } from '../../api/queries.ts';
import { useAuth } from '../../app/auth.tsx';
import { LOGIN_MESSAGES, PasswordField } from '../auth/index.ts';

type ReauthStep = { name: 'password' } | { name: 'totp'; session: string };

export function ReauthDialog({
  open,
  onDone,
  onCancel,
}: {
  open: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="reauth-title">
      {/* Mounted only while open, so every re-authentication starts from an empty form. */}
      {open && <ReauthForm onDone={onDone} onCancel={onCancel} />}
    </Dialog>
  );
}

function ReauthForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { me, replaceTokens, signOut } = useAuth();
  const [step, setStep] = useState<ReauthStep>({ name: 'password' });
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm({ defaultValues: { password: '', code: '' } });

  const handle = async (result: auth.SignInResult) => {
    if ('accessToken' in result) {
      // End the old session (its refresh token is about to be forgotten) before taking the new one.
      await call(auth.logout).catch(() => undefined);
      replaceTokens(result);
      onDone();
    } else if (result.challenge === 'totp') setStep({ name: 'totp', session: result.session });
    // Password expired or second factor to set up: only the login page can walk through that.
    else await signOut();
  };

  const submit = handleSubmit(async ({ password, code }) => {
    setError(null);
    try {
      if (step.name === 'password')
        await handle(
          await call(auth.login, { body: { email: me?.email ?? '', password, remember: isRemembered() } }),
        );
      else
        await handle(
          await call(auth.respondToTotpChallenge, {
            body: { session: step.session, code: code.replace(/\s/g, '') },
          }),
        );
    } catch (e) {
      if (e instanceof ApiError && e.code === ERROR_CODES.wrongCredentials)
        setFieldError('password', { message: LOGIN_MESSAGES.wrongCredentials });
      else if (e instanceof ApiError && e.code === ERROR_CODES.notAuthorized) {
        setStep({ name: 'password' });
        setError(e.message);
      } else if (step.name === 'totp') setFieldError('code', { message: messageOf(e) });
      else setError(messageOf(e));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="reauth-title">Confirm it&apos;s you</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {step.name === 'password'
              ? `For your security, enter the password of ${me?.email ?? 'your account'} again to generate an API key.`
              : 'Enter the 6-digit code shown in your authenticator app.'}
          </Typography>
          {step.name === 'password' ? (
            <PasswordField
              {...register('password', { required: LOGIN_MESSAGES.passwordRequired })}
              label="Password"
              autoComplete="current-password"
              autoFocus
              fullWidth
              error={!!formState.errors.password}
              helperText={formState.errors.password?.message}
            />
          ) : (
            <TextField
              {...register('code', {
                validate: (v) => /^\d{6}$/.test(v.replace(/\s/g, '')) || auth.AUTH_MESSAGES.codeShape,
              })}
              label="6-digit code"
              autoComplete="one-time-code"
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
              error={!!formState.errors.code}
              helperText={formState.errors.code?.message}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {step.name === 'password' ? 'Confirm' : 'Verify'}
        </Button>
      </DialogActions>
    </form>
  );
}
