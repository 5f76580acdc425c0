/**
 * Without TESSERA_TRUST_PROXY the client address is the socket's: a forged X-Forwarded-For cannot buy
 * a caller a fresh per-address sign-in limit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let server: TestServer & { stop(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer('sqlite', { trustProxy: false });
});
afterAll(() => server.stop());

it('ignores X-Forwarded-For when no proxy is trusted', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const res = await server.request(null, {
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
      payload: { email: 'nobody@tessera.test', password: 'Wrong-Pass-1' },
    });
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
});
