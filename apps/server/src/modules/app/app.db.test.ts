import { expect, it } from 'vitest';
import { APP_VERSION } from '@tessera/domain';
import { describeEachDialect } from '../../../test/harness.ts';

describeEachDialect('app version states', (t) => {
  it('serves /version.json without caching', async () => {
    const res = await t().request(null, { method: 'GET', url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: APP_VERSION });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('maintenance switches on and off without a restart: 503 for the version file and the API', async () => {
    const user = await t().createUser();
    await t().ctx.settings.set('maintenance', 'on');
    try {
      const version = await t().request(null, { method: 'GET', url: '/version.json' });
      expect(version.statusCode).toBe(503);
      const api = await t().request(user, { method: 'GET', url: '/v1/projects' });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({
        code: 'MAINTENANCE',
        message: 'Sorry, the Portal is down for maintenance. It will be back in a few minutes.',
      });
    } finally {
      await t().ctx.settings.set('maintenance', 'off');
    }
    expect((await t().request(null, { method: 'GET', url: '/version.json' })).statusCode).toBe(200);
  });

  it('a required user manual blocks the API until the user confirms it', async () => {
    const user = await t().createUser();
    await t().ctx.settings.set('manualVersion', '2026.1');
    try {
      const blocked = await t().request(user, { method: 'GET', url: '/v1/projects' });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('USER_MANUAL_NOT_READ');
      const confirmed = await t().request(user, { method: 'POST', url: '/v1/me/manual-confirmation' });
      expect(confirmed.json()).toEqual({ manualVersion: '2026.1' });
      expect((await t().request(user, { method: 'GET', url: '/v1/projects' })).statusCode).toBe(200);
      // A newer manual asks again.
      await t().ctx.settings.set('manualVersion', '2026.2');
      expect((await t().request(user, { method: 'GET', url: '/v1/projects' })).statusCode).toBe(403);
    } finally {
      await t().ctx.settings.set('manualVersion', '');
    }
  });

  it('manual confirmation needs a signed-in user', async () => {
    expect((await t().request(null, { method: 'POST', url: '/v1/me/manual-confirmation' })).statusCode).toBe(
      401,
    );
  });
});
