/**
 * `tessera user create <email> [--role <systemRole>]… [--require-mfa] [--password <password>]`
 * Accounts come from an administrator (or single sign-on). Without --password a temporary password is
 * generated and printed, and the user must set a new one at the first sign-in (the initial-login step);
 * --require-mfa makes the first sign-in set up an authenticator app.
 */
import crypto from 'node:crypto';
import { checkEmail, checkNewPassword, isSystemRole, normalizeEmail, type SystemRole } from '@tessera/domain';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { findUserIdByEmail, insertUser } from '../modules/users/users.queries.ts';

export interface CreateUserArgs {
  email: string;
  roles: SystemRole[];
  requireMfa: boolean;
  password: string | null;
}

/** Parses the command's arguments; returns an error message instead of throwing. */
export function parseCreateUserArgs(argv: string[]): CreateUserArgs | string {
  const [email, ...rest] = argv;
  if (!email)
    return 'Usage: tessera user create <email> [--role <systemRole>]… [--require-mfa] [--password <password>]';
  const emailError = checkEmail(email);
  if (emailError) return emailError;
  const args: CreateUserArgs = { email: normalizeEmail(email), roles: [], requireMfa: false, password: null };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === '--require-mfa') args.requireMfa = true;
    else if (flag === '--role') {
      const role = rest[++i] ?? '';
      if (!isSystemRole(role)) return `Unknown system role '${role}'`;
      args.roles.push(role);
    } else if (flag === '--password') {
      args.password = rest[++i] ?? '';
      const invalid = checkNewPassword(args.password);
      if (invalid) return invalid;
    } else return `Unknown option '${flag}'`;
  }
  return args;
}

/** A temporary password meeting every rule of spec 1 §5. */
const temporaryPassword = () => `Tmp-${crypto.randomBytes(9).toString('base64url')}4x!`;

export async function createUser(
  ctx: AppContext,
  args: CreateUserArgs,
): Promise<{ userId: string; password: string }> {
  if (await findUserIdByEmail(ctx.db, args.email))
    throw new Error(`A user with the e-mail ${args.email} exists already`);
  const password = args.password ?? temporaryPassword();
  const userId = await insertUser(ctx.db, {
    email: args.email,
    passwordHash: await hashPassword(password),
    systemRoles: args.roles,
    mustChangePassword: args.password === null,
    mustSetupTotp: args.requireMfa,
  });
  return { userId, password };
}
