/**
 * The new-password challenge: after the first sign-in with a temporary password (initial login) or
 * when the password has expired (same form, the spec's expiry message above it). The answer continues
 * the sign-in (second-factor setup or tokens).
 */
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { auth, ERROR_CODES } from '@tessera/contract';
import { ApiError, call } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';
import { LOGIN_MESSAGES } from '../login-steps.ts';
import { NewPasswordFields, type NewPasswordValues } from '../NewPasswordFields.tsx';
import { EmailChip, FormError, StepTitle, SubmitButton, type StepProps } from './common.tsx';

export function NewPasswordStep({
  state,
  dispatch,
  onResult,
  session,
  expired,
}: StepProps & { session: string; expired: boolean }) {
  const form = useForm<NewPasswordValues>({ defaultValues: { newPassword: '', repeatPassword: '' } });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      const result = await call(auth.setNewPassword, { body: { session, newPassword } });
      dispatch({ type: 'notice', notice: { severity: 'success', text: LOGIN_MESSAGES.passwordChanged } });
      onResult(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.notAuthorized)
        dispatch({ type: 'editEmail', error: error.message });
      else setFormError(messageOf(error));
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <StepTitle
        title={expired ? 'Password expired' : 'Choose a new password'}
        subtitle={
          expired
            ? undefined
            : 'Your account was set up with a temporary password. Choose your own password to continue.'
        }
      />
      <EmailChip state={state} dispatch={dispatch} />
      {expired && (
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {LOGIN_MESSAGES.expired}
        </Alert>
      )}
      <FormProvider {...form}>
        <Stack spacing={2}>
          <NewPasswordFields autoFocus />
          <SubmitButton loading={form.formState.isSubmitting}>Set password and continue</SubmitButton>
        </Stack>
      </FormProvider>
      <FormError message={formError} />
    </Box>
  );
}
