/**
 * Password changed after a reset: say so, then sign in with the new password at once (spec 1 §4
 * automatic re-login). If that sign-in fails, the password step takes over with the error.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { auth } from '@tessera/contract';
import { call } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';
import { LOGIN_MESSAGES } from '../login-steps.ts';
import type { StepProps } from './common.tsx';

export function PasswordChangedStep({
  state,
  dispatch,
  onResult,
  password,
}: StepProps & { password: string }) {
  // React may run the effect twice in development; one sign-in per password change is enough.
  const started = useRef(false);
  const { email, remember } = state;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call(auth.login, { body: { email, password, remember } }).then(onResult, (error: unknown) => {
      dispatch({ type: 'backToSignIn' });
      dispatch({ type: 'failed', error: messageOf(error) });
    });
  }, [email, password, remember, onResult, dispatch]);

  return (
    <Box sx={{ textAlign: 'center', py: 2 }}>
      <CheckCircleRounded color="success" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h5" component="h1" gutterBottom>
        {LOGIN_MESSAGES.passwordChanged}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1.5,
          mt: 2,
          color: 'text.secondary',
        }}
      >
        <CircularProgress size={18} />
        <Typography variant="body2">Signing you in…</Typography>
      </Box>
    </Box>
  );
}
