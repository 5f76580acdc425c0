/**
 * Forgot password: ask for a reset code by e-mail, then set a new password with it. Success moves to
 * the password-changed step, which signs in with the new password by itself.
 */
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { auth } from '@tessera/contract';
import { normalizeEmail, PASSWORD_MESSAGES } from '@tessera/domain';
import { call } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';
import { useNotify } from '../../../app/notify.tsx';
import { passwordChangedNotice } from '../login-steps.ts';
import { NewPasswordFields, type NewPasswordValues } from '../NewPasswordFields.tsx';
import { discoverSso } from '../sso.ts';
import {
  EMAIL_RULES,
  EmailChip,
  EmailField,
  FormError,
  StepTitle,
  SubmitButton,
  type StepProps,
} from './common.tsx';

export function ForgotPasswordStep({ state, dispatch }: StepProps) {
  const { register, handleSubmit, formState, trigger, getValues } = useForm({
    defaultValues: { email: state.email },
  });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const normalized = normalizeEmail(email);
    try {
      // Single-sign-on accounts have no password here; say so instead of mailing a useless code.
      const sso = await discoverSso(normalized).catch(() => null);
      if (sso) {
        setFormError(`${auth.AUTH_MESSAGES.ssoUser} (${sso.name}).`);
        return;
      }
      await call(auth.forgotPassword, { body: { email: normalized } });
      dispatch({ type: 'resetCodeSent', email: normalized });
    } catch (error) {
      setFormError(messageOf(error));
    }
  });

  const haveCode = async () => {
    if (await trigger('email'))
      dispatch({ type: 'enterResetCode', email: normalizeEmail(getValues('email')) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepTitle
        title="Reset your password"
        subtitle="Enter the e-mail address of your account and we will send you a reset code."
      />
      <Stack spacing={2}>
        <EmailField registration={register('email', EMAIL_RULES)} error={formState.errors.email} />
        <SubmitButton loading={formState.isSubmitting}>Send reset code</SubmitButton>
      </Stack>
      <FormError message={formError} />
      <Stack direction="row" sx={{ mt: 2.5, justifyContent: 'space-between' }}>
        <BackToSignIn dispatch={dispatch} />
        <Link component="button" type="button" variant="body2" onClick={() => void haveCode()}>
          I already have a code
        </Link>
      </Stack>
    </form>
  );
}

interface ConfirmValues extends NewPasswordValues {
  code: string;
}

export function ForgotPasswordConfirmStep({ state, dispatch }: StepProps) {
  const notify = useNotify();
  const form = useForm<ConfirmValues>({ defaultValues: { code: '', newPassword: '', repeatPassword: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ code, newPassword }) => {
    setFormError(null);
    try {
      const { apiKeyRevoked } = await call(auth.confirmForgotPassword, {
        body: { email: state.email, code: code.trim(), newPassword },
      });
      // Shown by the app, not the login page, so it stays in view after the automatic sign-in.
      if (apiKeyRevoked) notify(passwordChangedNotice(true), 'success');
      dispatch({ type: 'passwordSet', password: newPassword });
    } catch (error) {
      setFormError(messageOf(error));
    }
  });

  const resend = async () => {
    setResending(true);
    setFormError(null);
    try {
      await call(auth.forgotPassword, { body: { email: state.email } });
      dispatch({ type: 'resetCodeSent', email: state.email });
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <StepTitle
        title="Set a new password"
        subtitle="Enter the reset code from the e-mail we sent you and choose a new password."
      />
      <EmailChip state={state} dispatch={dispatch} />
      <FormProvider {...form}>
        <Stack spacing={2}>
          <TextField
            {...form.register('code', {
              validate: (v) =>
                v.trim() === ''
                  ? PASSWORD_MESSAGES.resetCodeRequired
                  : v.trim().length < 3
                    ? PASSWORD_MESSAGES.resetCodeTooShort
                    : true,
            })}
            label="Reset code"
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            size="medium"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={!!errors.code}
            helperText={errors.code?.message}
          />
          <NewPasswordFields />
          <SubmitButton loading={form.formState.isSubmitting}>Change password</SubmitButton>
        </Stack>
      </FormProvider>
      <FormError message={formError} />
      <Stack direction="row" sx={{ mt: 2.5, justifyContent: 'space-between' }}>
        <BackToSignIn dispatch={dispatch} />
        <Link
          component="button"
          type="button"
          variant="body2"
          disabled={resending}
          onClick={() => void resend()}
        >
          Send a new code
        </Link>
      </Stack>
    </Box>
  );
}

function BackToSignIn({ dispatch }: Pick<StepProps, 'dispatch'>) {
  return (
    <Link component="button" type="button" variant="body2" onClick={() => dispatch({ type: 'backToSignIn' })}>
      Back to sign in
    </Link>
  );
}
