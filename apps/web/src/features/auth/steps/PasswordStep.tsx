/**
 * Step 2: the password, or for an e-mail of a single-sign-on domain a button that continues with the
 * provider (no password and no forgot-password link: that account's password lives elsewhere).
 */
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyRounded from '@mui/icons-material/KeyRounded';
import { auth, ERROR_CODES } from '@tessera/contract';
import { ApiError, call } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';
import { canResetPassword, LOGIN_MESSAGES } from '../login-steps.ts';
import { PasswordField } from '../PasswordField.tsx';
import { startSso } from '../sso.ts';
import { EmailChip, FormError, StepTitle, SubmitButton, type StepProps } from './common.tsx';

export function PasswordStep(props: StepProps) {
  const { state, dispatch } = props;
  const chip = <EmailChip state={state} dispatch={dispatch} />;
  if (state.sso) return <SsoContinue {...props} chip={chip} provider={state.sso} />;
  return <PasswordForm {...props} chip={chip} />;
}

function PasswordForm({ state, dispatch, onResult, chip }: StepProps & { chip: ReactNode }) {
  const { register, handleSubmit, formState, setError } = useForm({ defaultValues: { password: '' } });
  const [formError, setFormError] = useState<string | null>(state.error);

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      onResult(await call(auth.login, { body: { email: state.email, password, remember: state.remember } }));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.wrongCredentials)
        setError('password', { message: LOGIN_MESSAGES.wrongCredentials }, { shouldFocus: true });
      else setFormError(messageOf(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <StepTitle title="Enter your password" />
      {chip}
      <Stack spacing={1}>
        <PasswordField
          {...register('password', { required: LOGIN_MESSAGES.passwordRequired })}
          label="Password"
          autoComplete="current-password"
          autoFocus
          fullWidth
          size="medium"
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        {canResetPassword(state) && (
          <Box sx={{ textAlign: 'right' }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => dispatch({ type: 'forgotPassword' })}
            >
              Forgot password?
            </Link>
          </Box>
        )}
        <SubmitButton loading={formState.isSubmitting} sx={{ mt: 1 }}>
          Sign in
        </SubmitButton>
      </Stack>
      <FormError message={formError} />
    </form>
  );
}

function SsoContinue({
  state,
  chip,
  provider,
}: StepProps & { chip: ReactNode; provider: NonNullable<StepProps['state']['sso']> }) {
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(state.error);
  const go = async () => {
    setLeaving(true);
    setError(null);
    try {
      // Navigates the whole page away to the provider; nothing to do after it on success.
      await startSso(provider.providerId, state.email, state.remember);
    } catch (e) {
      setError(messageOf(e));
      setLeaving(false);
    }
  };
  return (
    <Box>
      <StepTitle title="Single sign-on" subtitle={`Your organisation signs you in with ${provider.name}.`} />
      {chip}
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<KeyRounded />}
        loading={leaving}
        onClick={() => void go()}
        autoFocus
      >
        Continue with {provider.name}
      </Button>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        You will be sent to your organisation&apos;s sign-in page and brought back here afterwards.
      </Typography>
      <FormError message={error} />
    </Box>
  );
}
