/** Step 1: the e-mail. Its domain decides between password sign-in and single sign-on. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { checkEmail, normalizeEmail } from '@tessera/domain';
import { discoverSso } from '../sso.ts';
import { RememberMe, StepTitle, type StepProps } from './common.tsx';

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
        <TextField
          {...register('email', { validate: (v) => checkEmail(v) ?? true })}
          label="E-mail address"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          size="medium"
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        <RememberMe state={state} dispatch={dispatch} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={checking}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
