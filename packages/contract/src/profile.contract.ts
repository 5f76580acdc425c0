/**
 * The signed-in user: who they are (GET /v1/me), their password (changed with the current session's
 * access token, spec 1 §5) and their API key (spec 1 §3, §7 'Set and get API keys', §8).
 */
import { z } from 'zod';
import { PERMISSIONS, PASSWORD_MAX_LENGTH, SYSTEM_ROLES } from '@tessera/domain';
import { defineRoute, authenticated, globalPermission } from './route.ts';
import { Tokens } from './auth.contract.ts';

export const Me = z
  .object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    systemRoles: z.array(z.enum(SYSTEM_ROLES)),
    /** The system roles' display names, shown beside the username in the account menu. */
    systemRoleDisplayNames: z.array(z.string()),
    isSsoUser: z.boolean(),
    isExternal: z.boolean(),
    /** Permissions granted by the system roles alone (outside any project). */
    permissions: z.array(z.enum(PERMISSIONS)),
    /** The user-manual version every user must confirm; '' when none is asked. */
    manualVersion: z.string(),
    manualConfirmed: z.boolean(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

export const ApiKeyInfo = z.object({ id: z.string(), createdAt: z.string() }).meta({ id: 'ApiKeyInfo' });
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

export const getMe = defineRoute({
  method: 'GET',
  path: '/v1/me',
  summary: 'The signed-in user, their system roles and global permissions',
  tags: ['profile'],
  access: authenticated,
  response: Me,
});

const password = z.string().max(PASSWORD_MAX_LENGTH * 4);

/**
 * Fresh tokens for this browser, and whether the user's API key was revoked with the old password (the
 * web then adds AUTH_MESSAGES.apiKeysRevoked to 'Password successfully changed').
 */
export const PasswordChanged = Tokens.extend({ apiKeyRevoked: z.boolean() }).meta({ id: 'PasswordChanged' });
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** Ends every session of the user (other devices too), revokes their API key, and answers fresh tokens for this browser. */
export const changePassword = defineRoute({
  method: 'POST',
  path: '/v1/me/password',
  summary: 'Change the password; signs out every other session and revokes the API key',
  tags: ['profile'],
  access: authenticated,
  body: z.object({ oldPassword: password, newPassword: password }).strict(),
  response: PasswordChanged,
});

export const listApiKeys = defineRoute({
  method: 'GET',
  path: '/v1/me/api-keys',
  summary: "The user's active API key (its secret is never shown again)",
  tags: ['profile'],
  access: globalPermission('userProfile'),
  response: z.array(ApiKeyInfo),
});

/**
 * Generates a new key, replacing the previous one. Needs a sign-in less than 5 minutes old, else
 * 403 REAUTHENTICATION_REQUIRED 'API key generation requires re-authentication'.
 */
export const createApiKey = defineRoute({
  method: 'POST',
  path: '/v1/me/api-keys',
  summary: 'Generate an API key (shown once; replaces the previous key)',
  tags: ['profile'],
  access: globalPermission('userProfile'),
  response: ApiKeyInfo.extend({ apiKey: z.string() }),
  status: 201,
});
