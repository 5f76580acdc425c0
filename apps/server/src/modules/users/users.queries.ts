/** SQL of users and their system roles. */
import type { SystemRole } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';

export interface NewUser {
  email: string;
  username?: string;
  passwordHash: string | null;
  systemRoles: SystemRole[];
  mustChangePassword?: boolean;
  isSsoUser?: boolean;
  /** Set up an authenticator app at the first sign-in (spec 1 §4 'set up second factor'). */
  mustSetupTotp?: boolean;
}

/** Inserts a user with their system roles in one transaction; returns the new id. */
export async function insertUser(db: Db, user: NewUser): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('users')
      .values({
        id,
        email: user.email.toLowerCase(),
        username: user.username ?? user.email.split('@')[0] ?? user.email,
        password_hash: user.passwordHash,
        password_changed_at: user.passwordHash ? now : null,
        must_change_password: user.mustChangePassword ? 1 : 0,
        totp_secret: null,
        totp_pending_secret: null,
        is_sso_user: user.isSsoUser ? 1 : 0,
        must_setup_totp: user.mustSetupTotp ? 1 : 0,
        manual_version_read: '',
        failed_logins: 0,
        locked_until: null,
        created_at: now,
      })
      .execute();
    if (user.systemRoles.length)
      await tx
        .insertInto('user_system_roles')
        .values(user.systemRoles.map((role) => ({ user_id: id, role })))
        .execute();
  });
  return id;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
