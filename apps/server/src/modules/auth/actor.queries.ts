/**
 * SQL of authentication, run on every request: who holds a live session or an API key, and their system
 * roles. Prepared once (db/prepared.ts) because a viewer sends dozens of tile requests a second.
 */
import { preparedQuery } from '../../db/prepared.ts';

const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.username',
  'users.is_sso_user',
  'users.manual_version_read',
] as const;

/** The user of a session that is not revoked (the access token names both). */
export const findSessionUser = preparedQuery((db, a: { sessionId: string; userId: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS)
    .where('sessions.id', '=', a.sessionId)
    .where('sessions.user_id', '=', a.userId)
    .where('sessions.revoked_at', 'is', null),
);

/** The user of an API key that is not revoked, by the key's hash. */
export const findApiKeyUser = preparedQuery((db, a: { keyHash: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(USER_COLUMNS)
    .where('api_keys.key_hash', '=', a.keyHash)
    .where('api_keys.revoked_at', 'is', null),
);

export const findSystemRoles = preparedQuery((db, a: { userId: string }) =>
  db.selectFrom('user_system_roles').select('role').where('user_id', '=', a.userId),
);
