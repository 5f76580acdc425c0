/**
 * Change password (spec 1 §5) with the current session's token. The server signs out every other
 * session and answers fresh tokens for this one, which replace the stored ones. Single-sign-on
 * accounts have no password here: their identity provider manages it.
 */
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { profile } from '@tessera/contract';
import { PASSWORD_MESSAGES } from '@tessera/domain';
import { call } from '../../api/client.ts';
import { messageOf } from '../../api/queries.ts';
import { useAuth } from '../../app/auth.tsx';
import { useNotify } from '../../app/notify.tsx';
import {
  NewPasswordFields,
  type NewPasswordValues,
  passwordChangedNotice,
  PasswordField,
} from '../auth/index.ts';
import { API_KEYS_KEY } from './ApiKeySection.tsx';

interface ChangePasswordValues extends NewPasswordValues {
  oldPassword: string;
}

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', repeatPassword: '' };

export function ChangePasswordSection() {
  const { me } = useAuth();
  // A fresh form after each change: the inputs are uncontrolled, so remounting is what truly empties them.
  const [generation, setGeneration] = useState(0);
  if (me?.isSsoUser)
    return (
      <Alert severity="info" variant="outlined">
        Your account signs in with single sign-on, so its password is managed by your organisation&apos;s
        identity provider. Change it there.
      </Alert>
    );
  return (
    <ChangePasswordForm
      key={generation}
      email={me?.email ?? ''}
      onChanged={() => setGeneration((g) => g + 1)}
    />
  );
}

function ChangePasswordForm({ email, onChanged }: { email: string; onChanged: () => void }) {
  const { replaceTokens } = useAuth();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordValues>({ defaultValues: EMPTY });
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    setServerError(null);
    try {
      const changed = await call(profile.changePassword, { body: { oldPassword, newPassword } });
      replaceTokens(changed);
      // The server revokes the API key with the old password; the notice says so when there was one.
      notify(passwordChangedNotice(changed.apiKeyRevoked), 'success');
      if (changed.apiKeyRevoked) void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      onChanged();
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 420 }}>
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormProvider {...form}>
        <Stack spacing={2}>
          <PasswordField
            {...form.register('oldPassword', {
              validate: (v) =>
                v === ''
                  ? PASSWORD_MESSAGES.oldRequired
                  : v.length < 3
                    ? PASSWORD_MESSAGES.oldTooShort
                    : true,
            })}
            label="Old password"
            autoComplete="current-password"
            fullWidth
            error={!!errors.oldPassword}
            helperText={errors.oldPassword?.message}
          />
          <NewPasswordFields size="small" />
          <Box>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              Change password
            </Button>
          </Box>
        </Stack>
      </FormProvider>
      <Collapse in={!!serverError} unmountOnExit>
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {serverError}
        </Alert>
      </Collapse>
    </Box>
  );
}
