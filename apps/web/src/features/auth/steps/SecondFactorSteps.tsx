/**
 * The authenticator-app second factor: the challenge on every sign-in, and the one-time setup that
 * shows the QR code and secret. An expired or exhausted sign-in session (NOT_AUTHORIZED) sends the
 * user back to the e-mail step with the server's message; any other error shows under the code field.
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { auth, ERROR_CODES } from '@tessera/contract';
import { ApiError, call } from '../../../api/client.ts';
import { messageOf } from '../../../api/queries.ts';
import { CopyButton } from '../../../ui/CopyButton.tsx';
import { EmailChip, StepTitle, SubmitButton, type StepProps } from './common.tsx';

const CODE_MESSAGE = auth.AUTH_MESSAGES.codeShape;

function CodeForm({
  submitLabel,
  verify,
  dispatch,
  onResult,
}: StepProps & { submitLabel: string; verify: (code: string) => Promise<auth.SignInResult> }) {
  const { register, handleSubmit, formState, setError } = useForm({ defaultValues: { code: '' } });
  const submit = handleSubmit(async ({ code }) => {
    try {
      onResult(await verify(code.replace(/\s/g, '')));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.notAuthorized)
        dispatch({ type: 'editEmail', error: error.message });
      else setError('code', { message: messageOf(error) }, { shouldFocus: true });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <TextField
          {...register('code', { validate: (v) => /^\d{6}$/.test(v.replace(/\s/g, '')) || CODE_MESSAGE })}
          label="6-digit code"
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          size="medium"
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              maxLength: 7,
              style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
            },
          }}
          error={!!formState.errors.code}
          helperText={formState.errors.code?.message}
        />
        <SubmitButton loading={formState.isSubmitting}>{submitLabel}</SubmitButton>
      </Stack>
    </form>
  );
}

export function TotpChallengeStep(props: StepProps & { session: string }) {
  const { state, dispatch, session } = props;
  return (
    <Box>
      <StepTitle
        title="Two-factor authentication"
        subtitle="Enter the 6-digit code shown in your authenticator app."
      />
      <EmailChip state={state} dispatch={dispatch} />
      <CodeForm
        {...props}
        submitLabel="Verify"
        verify={(code) => call(auth.respondToTotpChallenge, { body: { session, code } })}
      />
    </Box>
  );
}

export function TotpSetupStep(props: StepProps & { session: string }) {
  const { state, dispatch, session } = props;
  // A query, not an effect: it runs once per sign-in session even when React mounts the step twice,
  // so the secret on screen is the one the server keeps.
  const setup = useQuery({
    queryKey: ['totp-setup', session],
    queryFn: () => call(auth.setupTotp, { body: { session } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const setupError = setup.error;
  useEffect(() => {
    if (setupError instanceof ApiError && setupError.code === ERROR_CODES.notAuthorized)
      dispatch({ type: 'editEmail', error: setupError.message });
  }, [setupError, dispatch]);

  return (
    <Box>
      <StepTitle
        title="Set up two-factor authentication"
        subtitle="Scan the QR code with an authenticator app (for example Google Authenticator or Microsoft Authenticator), then enter the code it shows."
      />
      <EmailChip state={state} dispatch={dispatch} />
      {setup.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', height: 200 }}>
          <CircularProgress aria-label="Preparing the secret" />
        </Box>
      )}
      {setup.isError && <Alert severity="error">{messageOf(setup.error)}</Alert>}
      {setup.data && (
        <Stack spacing={2} sx={{ mb: 2.5 }}>
          <Box
            component="img"
            src={setup.data.qrCodeDataUrl}
            alt="QR code to add Tessera to your authenticator app"
            sx={{
              display: 'block',
              width: 184,
              height: 184,
              mx: 'auto',
              p: 1,
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'common.white',
              imageRendering: 'pixelated',
            }}
          />
          <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
              Can&apos;t scan? Enter this secret in the app instead:
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography
                component="code"
                sx={{
                  flex: 1,
                  minWidth: 0,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  fontSize: 14,
                  letterSpacing: '0.08em',
                  overflowWrap: 'anywhere',
                }}
                data-testid="totp-secret"
              >
                {groupSecret(setup.data.secret)}
              </Typography>
              <CopyButton text={setup.data.secret} />
            </Stack>
          </Box>
          <CodeForm
            {...props}
            submitLabel="Verify and sign in"
            verify={(code) => call(auth.verifyTotpSetup, { body: { session, code } })}
          />
        </Stack>
      )}
    </Box>
  );
}

/** Groups of four are easier to type into a phone; copying always copies the plain secret. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();
