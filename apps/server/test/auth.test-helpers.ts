/**
 * Helpers of the sign-in tests. Every request comes from its own random client address (x-forwarded-for,
 * honoured by the app's trustProxy), so the per-IP rate limit only meets the tests that aim at it.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import { sha256 } from '../src/lib/ids.ts';

export const freshIp = (): string => `10.${[...crypto.randomBytes(3)].join('.')}`;

export function post(
  t: TestServer,
  url: string,
  payload?: unknown,
  opts: { ip?: string; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: {
      'x-forwarded-for': opts.ip ?? freshIp(),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });
}

export function getAs(t: TestServer, url: string, token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': freshIp() },
  });
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** Signs in with e-mail and password and expects tokens at once. */
export async function signIn(
  t: TestServer,
  email: string,
  password: string,
  remember = false,
): Promise<Tokens> {
  const res = await post(t, '/v1/auth/login', { email, password, remember });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toEqual({
    accessToken: expect.any(String),
    refreshToken: expect.any(String),
    expiresIn: expect.any(Number),
  });
  return body;
}

/** Signs in with e-mail and password and expects the named challenge; returns its session. */
export async function signInToChallenge(
  t: TestServer,
  email: string,
  password: string,
  challenge: string,
  remember = false,
): Promise<string> {
  const res = await post(t, '/v1/auth/login', { email, password, remember });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ challenge, session: expect.any(String) });
  return body.session;
}

export async function auditActions(t: TestServer, userId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('actor_user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** Moves a challenge's expiry into the past, as if the user had waited too long. */
export async function expireChallenge(t: TestServer, session: string): Promise<void> {
  await t.ctx.db
    .updateTable('auth_challenges')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', sha256(session))
    .execute();
}
