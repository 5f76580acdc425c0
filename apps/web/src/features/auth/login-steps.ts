/**
 * The login page as one state machine (spec 1 §4 Login): a single `step` plus the little the steps
 * share (e-mail, remember-me, the SSO provider of the e-mail's domain, one notice, one error). Every
 * transition is an event handled by `loginReducer`, so the page never juggles parallel booleans and
 * the flow is unit-tested without a DOM.
 */
import { auth } from '@tessera/contract';

export type ChallengeName = 'totp' | 'totpSetup' | 'newPasswordRequired';

export interface SsoProvider {
  providerId: string;
  name: string;
}

export type LoginStep =
  | { name: 'email' }
  | { name: 'password' }
  | { name: 'totpSetup'; session: string }
  | { name: 'totpChallenge'; session: string }
  | { name: 'newPasswordRequired'; session: string }
  | { name: 'forgotPassword' }
  | { name: 'forgotPasswordConfirm' }
  /** newPasswordRequired because the password expired: same form, the spec's expiry message. */
  | { name: 'expiredPassword'; session: string }
  | { name: 'initialLogin' }
  /** The new password was set: the page signs in with it at once (automatic re-login). */
  | { name: 'passwordChanged'; password: string };

export type StepName = LoginStep['name'];

export interface Notice {
  severity: 'success' | 'info' | 'warning';
  text: string;
}

export interface LoginState {
  step: LoginStep;
  email: string;
  remember: boolean;
  /** The provider serving the e-mail's domain; null for password sign-in. */
  sso: SsoProvider | null;
  notice: Notice | null;
  /** An error shown on the current step (not tied to one field). */
  error: string | null;
}

export const LOGIN_MESSAGES = {
  wrongCredentials: 'wrong username or password!',
  passwordRequired: 'Please enter your password',
  expired: 'Password has expired. Please set a new one',
  checkEmail: 'Check email for password reset link',
  copySecret: 'Please copy and retain MFA secret!',
  passwordChanged: 'Password successfully changed',
} as const;

/**
 * The notice of a password change or reset: the spec's 'Password successfully changed', and, when the
 * user had an API key, that it was revoked with the old password (the server revokes it).
 */
export function passwordChangedNotice(apiKeyRevoked: boolean): string {
  return apiKeyRevoked
    ? `${LOGIN_MESSAGES.passwordChanged}. ${auth.AUTH_MESSAGES.apiKeysRevoked}`
    : LOGIN_MESSAGES.passwordChanged;
}

export type LoginEvent =
  | { type: 'emailEntered'; email: string; sso: SsoProvider | null }
  | { type: 'rememberChanged'; remember: boolean }
  /** Password, challenge and new-password answers that are not tokens. */
  | {
      type: 'challenge';
      challenge: ChallengeName;
      session: string;
      reason?: 'initialLogin' | 'expired' | undefined;
    }
  | { type: 'editEmail'; error?: string }
  | { type: 'forgotPassword' }
  | { type: 'resetCodeSent'; email: string }
  /** The user already holds a code (the reset e-mail links to ?flow=forgotPassword). */
  | { type: 'enterResetCode'; email: string }
  | { type: 'passwordSet'; password: string }
  | { type: 'backToSignIn' }
  | { type: 'failed'; error: string }
  | { type: 'notice'; notice: Notice | null };

/** Where the page starts: `?flow=initialLogin` and `?flow=forgotPassword` jump straight to those steps. */
export function initialLoginState(flow: string | null, email = ''): LoginState {
  const step: LoginStep =
    flow === 'initialLogin'
      ? { name: 'initialLogin' }
      : flow === 'forgotPassword'
        ? { name: 'forgotPassword' }
        : { name: 'email' };
  return { step, email, remember: false, sso: null, notice: null, error: null };
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  // Moving to another step clears the last step's error; a notice survives only where set explicitly.
  const to = (step: LoginStep, notice: Notice | null = null): LoginState => ({
    ...state,
    step,
    notice,
    error: null,
  });
  switch (event.type) {
    case 'emailEntered':
      return { ...to({ name: 'password' }), email: event.email, sso: event.sso };
    case 'rememberChanged':
      return { ...state, remember: event.remember };
    case 'challenge': {
      const { session } = event;
      // A notice set by the previous step ('Password successfully changed') stays visible one step more.
      if (event.challenge === 'totp') return to({ name: 'totpChallenge', session }, state.notice);
      if (event.challenge === 'totpSetup')
        return to({ name: 'totpSetup', session }, { severity: 'warning', text: LOGIN_MESSAGES.copySecret });
      return to(
        event.reason === 'expired'
          ? { name: 'expiredPassword', session }
          : { name: 'newPasswordRequired', session },
      );
    }
    case 'editEmail':
      return { ...to({ name: 'email' }), error: event.error ?? null };
    case 'forgotPassword':
      return to({ name: 'forgotPassword' });
    case 'resetCodeSent':
      return {
        ...to({ name: 'forgotPasswordConfirm' }, { severity: 'info', text: LOGIN_MESSAGES.checkEmail }),
        email: event.email,
      };
    case 'enterResetCode':
      return { ...to({ name: 'forgotPasswordConfirm' }), email: event.email };
    case 'passwordSet':
      return to(
        { name: 'passwordChanged', password: event.password },
        { severity: 'success', text: LOGIN_MESSAGES.passwordChanged },
      );
    case 'backToSignIn':
      return to(state.email ? { name: 'password' } : { name: 'email' });
    case 'failed':
      return { ...state, error: event.error };
    case 'notice':
      return { ...state, notice: event.notice };
  }
}

/** The forgot-password link is hidden for e-mails of a single-sign-on domain (spec 1 §5). */
export const canResetPassword = (state: LoginState): boolean => state.sso === null;
