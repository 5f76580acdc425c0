/**
 * The public API as the tests' seeding tool: sign in, reset a password through the real SMTP peer,
 * create projects, add members. Only the routes any client may call; never the database.
 *
 * Sign-in routes are rate-limited per client address (20 a minute). The e2e server runs as behind a
 * reverse proxy (TESSERA_TRUST_PROXY), so each seeding call presents itself in X-Forwarded-For as its
 * own client from the documentation range 203.0.113.0/24; the browser's own sign-ins keep 127.0.0.1.
 */
import { expect } from '@playwright/test';
import { baseUrl } from './env.ts';
import { waitForMail } from './mailbox.ts';

let clientNumber = 0;
const seedingClient = () => `203.0.113.${(clientNumber++ % 250) + 1}`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

/** One API call; `ndjson` sends the body as the lines of a route that reads NDJSON rows (contract `bodyRows`). */
export async function apiCall<T>(
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; ndjson?: string[] } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'x-forwarded-for': seedingClient() };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.ndjson) headers['content-type'] = 'application/x-ndjson';
  const body = opts.ndjson
    ? opts.ndjson.join('\n')
    : opts.body === undefined
      ? undefined
      : JSON.stringify(opts.body);
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const err = (json ?? {}) as { code?: string; message?: string };
    throw new ApiError(res.status, err.code ?? '?', err.message ?? text);
  }
  return json as T;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** Signs in with e-mail and password; the account must need no further step (no second factor). */
export async function signInTokens(email: string, password: string): Promise<Tokens> {
  const result = await apiCall<Tokens | { challenge: string }>('POST', '/v1/auth/login', {
    body: { email, password },
  });
  if (!('accessToken' in result)) throw new Error(`${email} needs the ${result.challenge} step to sign in`);
  return result;
}

/** The reset code from the newest reset mail to `email` (support/smtp.ts received it). */
export async function resetCodeFromMail(email: string, since: string): Promise<string> {
  const mail = await waitForMail(email, since);
  expect(mail.subject).toBe('Your Tessera password reset code');
  const code = /reset code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no reset code in the mail to ${email}:\n${mail.text}`);
  return code;
}

/** Sets a known password on an account through forgot password + the e-mailed code. */
export async function setPasswordByReset(email: string, newPassword: string): Promise<void> {
  const since = new Date().toISOString();
  await apiCall('POST', '/v1/auth/forgot-password', { body: { email } });
  const code = await resetCodeFromMail(email, since);
  await apiCall('POST', '/v1/auth/confirm-forgot-password', { body: { email, code, newPassword } });
}

export interface Project {
  id: string;
  name: string;
  summary: string;
  folderId: string;
  isHome: boolean;
  role: string | null;
}

export const createProject = (token: string, name: string, summary = '') =>
  apiCall<Project>('POST', '/v1/projects', { token, body: { name, summary } });

export const listProjects = (token: string) => apiCall<Project[]>('GET', '/v1/projects', { token });

/** Adds users (found by exact e-mail through the add-members search) to a project with one role. */
export async function addMembers(
  token: string,
  projectId: string,
  emails: string[],
  role: string,
): Promise<void> {
  const userIds: string[] = [];
  for (const email of emails) {
    const found = await apiCall<{ userId: string; email: string }[]>(
      'GET',
      `/v1/projects/${projectId}/user-search?search=${encodeURIComponent(email)}`,
      { token },
    );
    const user = found.find((u) => u.email === email);
    if (!user) throw new Error(`no user ${email}`);
    userIds.push(user.userId);
  }
  await apiCall('POST', `/v1/projects/${projectId}/members`, { token, body: { userIds, role } });
}
