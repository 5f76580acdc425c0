/**
 * Initial login (`/login?flow=initialLogin`, the link of the invitation e-mail): e-mail and the
 * temporary password from the invitation; the server answers the new-password challenge next.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { auth, ERROR_CODES } from '@tessera/contract';
import { normalizeEmail } from '@tessera/domain';
import { ApiError, call } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';
import { LOGIN_MESSAGES } from '../login-steps.ts';
import { PasswordField } from '../PasswordField.tsx';
import {
  EMAIL_RULES,
  EmailField,
  FormError,
  RememberMe,
  StepTitle,
  SubmitButton,
  type StepProps,
} from './common.tsx';

export function InitialLoginStep({ state, dispatch, onResult }: StepProps) {
  const { register, handleSubmit, formState, setError } = useForm({
    defaultValues: { email: state.email, password: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    const normalized = normalizeEmail(email);
    try {
      const result = await call(auth.login, {
        body: { email: normalized, password, remember: state.remember },
      });
      // Later steps show the e-mail chip, so the e-mail is recorded before moving on.
      dispatch({ type: 'emailEntered', email: normalized, sso: null });
      onResult(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.wrongCredentials)
        setError('password', { message: LOGIN_MESSAGES.wrongCredentials }, { shouldFocus: true });
      else setFormError(messageOf(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <StepTitle
        title="Welcome to Tessera"
        subtitle="Sign in with your e-mail address and the temporary password from your invitation. You will then choose your own password."
      />
      <Stack spacing={2}>
        <EmailField registration={register('email', EMAIL_RULES)} error={formState.errors.email} />
        <PasswordField
          {...register('password', { required: LOGIN_MESSAGES.passwordRequired })}
          label="Temporary password"
          autoComplete="one-time-code"
          fullWidth
          size="medium"
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        <RememberMe state={state} dispatch={dispatch} />
        <SubmitButton loading={formState.isSubmitting}>Continue</SubmitButton>
      </Stack>
      <FormError message={formError} />
    </form>
  );
}
