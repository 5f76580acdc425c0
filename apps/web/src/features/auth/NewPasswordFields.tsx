/**
 * New password + repeat + the live checklist (spec 1 §5), for every form that sets a password: the
 * new-password and expired-password steps, the reset confirmation and the profile's change password.
 * Lives inside a react-hook-form FormProvider whose values include `newPassword` and `repeatPassword`.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import { checkNewPassword, PASSWORD_MESSAGES } from '@tessera/domain';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { PasswordField } from './PasswordField.tsx';

export interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

export function NewPasswordFields({
  autoFocus = false,
  size = 'medium',
}: {
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}) {
  const { register, formState, getValues, control, trigger } = useFormContext<NewPasswordValues>();
  const password = useWatch({ control, name: 'newPassword' }) ?? '';
  const { errors, isSubmitted } = formState;
  return (
    <>
      <PasswordField
        {...register('newPassword', {
          validate: (v) => checkNewPassword(v) ?? true,
          // Once the form was submitted, changing the password re-checks the repeat field too.
          onChange: () => isSubmitted && void trigger('repeatPassword'),
        })}
        label="New password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        fullWidth
        size={size}
        error={!!errors.newPassword}
        helperText={errors.newPassword?.message}
      />
      <Box sx={{ px: 0.5 }}>
        <PasswordChecklist password={password} />
      </Box>
      <PasswordField
        {...register('repeatPassword', {
          validate: (v) =>
            v === ''
              ? PASSWORD_MESSAGES.repeatRequired
              : v !== getValues('newPassword')
                ? PASSWORD_MESSAGES.mismatch
                : true,
        })}
        label="Repeat new password"
        autoComplete="new-password"
        fullWidth
        size={size}
        error={!!errors.repeatPassword}
        helperText={errors.repeatPassword?.message}
      />
    </>
  );
}
