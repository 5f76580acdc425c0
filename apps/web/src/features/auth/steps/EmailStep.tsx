/** Step 1: the e-mail. Its domain decides between password sign-in and single sign-on. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { normalizeEmail } from '@tessera/domain';
import { discoverSso } from '../sso.ts';
import { EMAIL_RULES, EmailField, RememberMe, StepTitle, SubmitButton, type StepProps } from './common.tsx';

export function EmailStep({ state, dispatch }: StepProps) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { email: state.email } });
  const [checking, setChecking] = useState(false);

  const submit = handleSubmit(async ({ email }) => {
    const normalized = normalizeEmail(email);
    setChecking(true);
    try {
      // A failed lookup must not lock anyone out: sign in with a password then.
      const sso = await discoverSso(normalized).catch(() => null);
      dispatch({ type: 'emailEntered', email: normalized, sso });
    } finally {
      setChecking(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <StepTitle title="Sign in" subtitle="Welcome to Tessera. Enter your e-mail address to continue." />
      {state.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2.5 }}>
          {state.error}
        </Alert>
      )}
      <Stack spacing={1.5}>
        <EmailField registration={register('email', EMAIL_RULES)} error={formState.errors.email} />
        <RememberMe state={state} dispatch={dispatch} />
        <SubmitButton loading={checking}>Continue</SubmitButton>
      </Stack>
    </form>
  );
}
