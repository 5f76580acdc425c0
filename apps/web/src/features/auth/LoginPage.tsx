/**
 * /login (spec 1 §4 Login): one card, one step at a time, driven by `loginReducer`. Each step fades in
 * over 300 ms (spec 1 §9). Tokens from any step finish the sign-in and go back to where the user came
 * from, or '/'. The page also finishes a single sign-on when the provider sends the browser back here.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Fade from '@mui/material/Fade';
import Typography from '@mui/material/Typography';
import { auth, sso as ssoContract } from '@tessera/contract';
import { messageOf } from '../../api/queries.ts';
import { LOGIN_PATH, useAuth, type LoginLocationState } from '../../app/auth.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { initialLoginState, loginReducer, type LoginState } from './login-steps.ts';
import { completeSsoFromUrl, takeSsoErrorFromUrl } from './sso.ts';
import { EmailStep } from './steps/EmailStep.tsx';
import { InitialLoginStep } from './steps/InitialLoginStep.tsx';
import { NewPasswordStep } from './steps/NewPasswordStep.tsx';
import { PasswordChangedStep } from './steps/PasswordChangedStep.tsx';
import { PasswordStep } from './steps/PasswordStep.tsx';
import { ForgotPasswordConfirmStep, ForgotPasswordStep } from './steps/ResetSteps.tsx';
import { TotpChallengeStep, TotpSetupStep } from './steps/SecondFactorSteps.tsx';
import type { StepProps } from './steps/common.tsx';

export const LOGIN_TRANSITION_MS = 300;

// The return address survives the round trip through a single-sign-on provider in sessionStorage.
const RETURN_KEY = 'tessera.login.returnTo';

const pathOfLocation = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${l.pathname}${l.search}${l.hash}`;

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status, signIn, reloadSession } = useAuth();
  const locationState = (location.state ?? {}) as LoginLocationState;
  const query = new URLSearchParams(location.search);

  const [state, dispatch] = useReducer(loginReducer, null, (): LoginState => {
    const initial = initialLoginState(query.get('flow'));
    const ssoError = query.get(ssoContract.SSO_LOGIN_QUERY.error);
    if (ssoError) return { ...initial, error: ssoError };
    if (locationState.reason === 'expired')
      return { ...initial, notice: { severity: 'info', text: auth.AUTH_MESSAGES.refreshInvalid } };
    return initial;
  });
  const [completingSso, setCompletingSso] = useState(() => query.has(ssoContract.SSO_LOGIN_QUERY.code));

  // Where a finished sign-in goes: the page that sent the user here, else '/'.
  const [target] = useState(() => {
    const from = locationState.from ? pathOfLocation(locationState.from) : sessionStorage.getItem(RETURN_KEY);
    return from && !from.startsWith(LOGIN_PATH) ? from : '/';
  });
  useEffect(() => {
    if (target !== '/') sessionStorage.setItem(RETURN_KEY, target);
  }, [target]);
  const goOn = useCallback(() => {
    sessionStorage.removeItem(RETURN_KEY);
    void navigate(target, { replace: true });
  }, [navigate, target]);

  // Back from a single-sign-on provider: trade the one-time code for tokens, or show why it failed.
  useEffect(() => {
    takeSsoErrorFromUrl();
    let active = true;
    completeSsoFromUrl().then(
      (signedIn) => {
        if (!active) return;
        setCompletingSso(false);
        if (!signedIn) return;
        reloadSession();
        goOn();
      },
      (error: unknown) => {
        if (!active) return;
        setCompletingSso(false);
        dispatch({ type: 'editEmail', error: messageOf(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [goOn, reloadSession]);

  const onResult = useCallback(
    (result: auth.SignInResult) => {
      if ('accessToken' in result) {
        signIn(result, state.remember);
        goOn();
      } else
        dispatch({
          type: 'challenge',
          challenge: result.challenge,
          session: result.session,
          reason: result.reason,
        });
    },
    [signIn, goOn, state.remember],
  );

  // Someone already signed in who opens /login goes straight on.
  if (status === 'signedIn' && !completingSso) return <Navigate to={target} replace />;

  const props: StepProps = { state, dispatch, onResult };
  const { step } = state;
  const notice = step.name === 'passwordChanged' ? null : state.notice;
  return (
    <AuthLayout>
      {completingSso ? (
        <Box sx={{ textAlign: 'center', py: 4 }}>
          <CircularProgress />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Completing single sign-on…
          </Typography>
        </Box>
      ) : (
        <>
          <Collapse in={!!notice} unmountOnExit>
            <Alert
              severity={notice?.severity ?? 'info'}
              sx={{ mb: 3 }}
              onClose={() => dispatch({ type: 'notice', notice: null })}
            >
              {notice?.text}
            </Alert>
          </Collapse>
          {/* The key restarts the fade for every step, including a step revisited with a new session. */}
          <Fade
            key={'session' in step ? `${step.name}:${step.session}` : step.name}
            in
            appear
            timeout={LOGIN_TRANSITION_MS}
          >
            <Box data-step={step.name}>
              {step.name === 'email' && <EmailStep {...props} />}
              {step.name === 'password' && <PasswordStep {...props} />}
              {step.name === 'totpChallenge' && <TotpChallengeStep {...props} session={step.session} />}
              {step.name === 'totpSetup' && <TotpSetupStep {...props} session={step.session} />}
              {step.name === 'newPasswordRequired' && (
                <NewPasswordStep {...props} session={step.session} expired={false} />
              )}
              {step.name === 'expiredPassword' && (
                <NewPasswordStep {...props} session={step.session} expired />
              )}
              {step.name === 'forgotPassword' && <ForgotPasswordStep {...props} />}
              {step.name === 'forgotPasswordConfirm' && <ForgotPasswordConfirmStep {...props} />}
              {step.name === 'initialLogin' && <InitialLoginStep {...props} />}
              {step.name === 'passwordChanged' && <PasswordChangedStep {...props} password={step.password} />}
            </Box>
          </Fade>
        </>
      )}
    </AuthLayout>
  );
}
