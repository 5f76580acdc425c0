/**
 * Sign-in (spec 1 §4 Login, §5 Password, §7 identity-provider calls): e-mail and password, the
 * authenticator-app second factor, new-password and expired-password steps, forgot password with an
 * e-mailed reset code, token refresh and logout.
 *
 * Every step of a sign-in answers a SignInResult: either tokens (signed in) or the next challenge with
 * a one-time `session` (valid 5 minutes) that the next step sends back. Steps come in a fixed order:
 * totp (when enabled) → newPasswordRequired (initial login or expired password) → totpSetup (when the
 * account must set up a second factor) → tokens.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@tessera/domain';
import { defineRoute, authenticated, publicAccess } from './route.ts';

/** Messages of the sign-in endpoints; the spec's wording where it gives one. Clients switch on codes, not on these. */
export const AUTH_MESSAGES = {
  wrongCredentials: 'wrong username or password!',
  passwordRequired: 'Please enter your password',
  passwordExpired: 'Password has expired. Please set a new one',
  sessionExpired: 'Your sign-in session has expired. Please sign in again',
  tooManyCodes: 'Too many invalid codes. Please sign in again',
  codeMismatch: 'Invalid code received for user',
  codeShape: 'Enter the 6-digit code from your authenticator app',
  totpSetupFirst: 'Set up the authenticator app first',
  resetCodeInvalid: 'The reset code is invalid or has expired',
  samePassword: 'The new password must be different from the old password',
  oldPasswordWrong: 'Old password is incorrect',
  ssoUser: 'This account signs in with single sign-on; its password is managed by your organisation',
  refreshInvalid: 'Your session has expired. Please sign in again',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again',
  reauthenticationRequired: 'API key generation requires re-authentication',
  apiKeyLogout:
    'An API key has no session to sign out of; it keeps working until you generate a new one on your profile page or change your password',
  apiKeysRevoked:
    'Your API key was revoked with your old password; generate a new one on your profile page if you need it',
} as const;

export const SIGN_IN_CHALLENGES = ['totp', 'totpSetup', 'newPasswordRequired'] as const;
export type SignInChallengeName = (typeof SIGN_IN_CHALLENGES)[number];

/** Why a new password is required: the first sign-in with a temporary password, or an expired password. */
export const NEW_PASSWORD_REASONS = ['initialLogin', 'expired'] as const;

export const Tokens = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    /** Lifetime of the access token in seconds. */
    expiresIn: z.number().int(),
  })
  .meta({ id: 'Tokens' });
export type Tokens = z.infer<typeof Tokens>;

/**
 * The next sign-in step. An expired password is answered as newPasswordRequired with reason 'expired'
 * (status 200, not an error) so that every step shares one union; the web shows the spec's message
 * 'Password has expired. Please set a new one' (AUTH_MESSAGES.passwordExpired) for that reason.
 */
export const SignInChallenge = z
  .object({
    challenge: z.enum(SIGN_IN_CHALLENGES),
    session: z.string(),
    /** Set on newPasswordRequired only. */
    reason: z.enum(NEW_PASSWORD_REASONS).optional(),
  })
  .meta({ id: 'SignInChallenge' });
export type SignInChallenge = z.infer<typeof SignInChallenge>;

export const SignInResult = z.union([Tokens, SignInChallenge]).meta({ id: 'SignInResult' });
export type SignInResult = z.infer<typeof SignInResult>;

// Hard upper bounds only: the spec's messages for empty or malformed values come from the service.
const email = z.string().max(320);
const password = z.string().max(PASSWORD_MAX_LENGTH * 4);
const session = z.string().min(1).max(128);
const code = z.string().max(32);

/** POST /v1/auth/login (fixed interface). */
export const login = defineRoute({
  method: 'POST',
  path: '/v1/auth/login',
  summary: 'Sign in with e-mail and password; answers tokens or the next challenge',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ email, password, remember: z.boolean().optional() }).strict(),
  response: SignInResult,
});

export const respondToTotpChallenge = defineRoute({
  method: 'POST',
  path: '/v1/auth/challenge/totp',
  summary: 'Answer the second-factor challenge with the authenticator-app code',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ session, code }).strict(),
  response: SignInResult,
});

export const setupTotp = defineRoute({
  method: 'POST',
  path: '/v1/auth/totp/setup',
  summary: 'Start second-factor setup: a new secret, its otpauth URL and QR code (shown once)',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ session }).strict(),
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() }),
});

export const verifyTotpSetup = defineRoute({
  method: 'POST',
  path: '/v1/auth/totp/verify',
  summary: 'Finish second-factor setup with a code from the app; continues the sign-in',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ session, code }).strict(),
  response: SignInResult,
});

export const setNewPassword = defineRoute({
  method: 'POST',
  path: '/v1/auth/new-password',
  summary: 'Answer the new-password challenge (initial login or expired password)',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ session, newPassword: password }).strict(),
  response: SignInResult,
});

/** Always 200, whether or not the e-mail belongs to an account (no user enumeration). */
export const forgotPassword = defineRoute({
  method: 'POST',
  path: '/v1/auth/forgot-password',
  summary: 'E-mail a 6-digit password reset code (valid 15 minutes) when the account exists',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ email }).strict(),
  response: z.object({}),
});

export const confirmForgotPassword = defineRoute({
  method: 'POST',
  path: '/v1/auth/confirm-forgot-password',
  summary: 'Set a new password with the e-mailed reset code; signs out every session and revokes the API key',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ email, code, newPassword: password }).strict(),
  /** apiKeyRevoked: the user had an API key, now revoked (AUTH_MESSAGES.apiKeysRevoked tells them). */
  response: z.object({ apiKeyRevoked: z.boolean() }),
});

/** Called by the web client; the old refresh token stops working (rotation). */
export const refresh = defineRoute({
  method: 'POST',
  path: '/v1/auth/refresh',
  summary: 'Exchange a refresh token for new tokens',
  tags: ['auth'],
  access: publicAccess,
  body: z.object({ refreshToken: z.string().min(1).max(256) }).strict(),
  response: Tokens,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/v1/auth/logout',
  summary:
    'Sign out: revoke the current session and its tokens. Called with an API key: 400 NO_SESSION, and the key stays valid',
  tags: ['auth'],
  access: authenticated,
  response: z.null(),
  status: 204,
});
