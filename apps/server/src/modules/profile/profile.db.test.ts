import { expect, it } from 'vitest';
import { PERMISSIONS } from '@tessera/domain';
import { describeEachDialect } from '../../../test/harness.ts';
import { auditActions, getAs, post, signIn } from '../../../test/auth.test-helpers.ts';

const NEW_PASSWORD = 'Changed-Pass-42!';

describeEachDialect('profile', (t) => {
  it('GET /v1/me: identity, system roles with display names, global permissions', async () => {
    const user = await t().createUser({ systemRoles: ['internalUser', 'support'] });
    const res = await t().request(user, { method: 'GET', url: '/v1/me' });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.email.split('@')[0],
      systemRoles: ['internalUser', 'support'],
      systemRoleDisplayNames: ['Internal User', 'Support'],
      isSsoUser: false,
      isExternal: false,
      manualVersion: '',
      manualConfirmed: true,
    });
    expect(me.permissions).toContain('userProfile');
    expect(me.permissions).not.toContain('projectSettingsManage');
    expect(me.permissions).toEqual(PERMISSIONS.filter((p) => me.permissions.includes(p)));
  });

  it('GET /v1/me: an external user, and a user with no roles, count as external', async () => {
    const ext = await t().createUser({ systemRoles: ['externalUser'] });
    expect((await t().request(ext, { method: 'GET', url: '/v1/me' })).json()).toMatchObject({
      isExternal: true,
      systemRoleDisplayNames: ['External User'],
    });
    const none = await t().createUser({ systemRoles: [] });
    expect((await t().request(none, { method: 'GET', url: '/v1/me' })).json()).toMatchObject({
      isExternal: true,
      permissions: [],
    });
  });

  it('GET /v1/me reports the manual to confirm, and is allowed before it is confirmed', async () => {
    const user = await t().createUser();
    await t().ctx.settings.set('manualVersion', '3.0');
    try {
      const before = await t().request(user, { method: 'GET', url: '/v1/me' });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ manualVersion: '3.0', manualConfirmed: false });
      await t().request(user, { method: 'POST', url: '/v1/me/manual-confirmation' });
      expect((await t().request(user, { method: 'GET', url: '/v1/me' })).json()).toMatchObject({
        manualConfirmed: true,
      });
    } finally {
      await t().ctx.settings.set('manualVersion', '');
    }
  });

  it('GET /v1/me needs a sign-in; forged tokens are refused', async () => {
    expect((await t().request(null, { method: 'GET', url: '/v1/me' })).statusCode).toBe(401);
    expect(
      (await getAs(t(), '/v1/me', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.c2lnbmF0dXJl'))
        .statusCode,
    ).toBe(401);
    expect((await getAs(t(), '/v1/me', 'tsk_not-a-key')).statusCode).toBe(401);
  });

  it('changing the password ends every session and answers fresh tokens for this browser', async () => {
    const user = await t().createUser();
    const here = await signIn(t(), user.email, user.password, true);
    const elsewhere = await signIn(t(), user.email, user.password);
    const res = await post(
      t(),
      '/v1/me/password',
      { oldPassword: user.password, newPassword: NEW_PASSWORD },
      { token: here.accessToken },
    );
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json();
    expect(fresh.apiKeyRevoked).toBe(false);
    expect((await getAs(t(), '/v1/me', here.accessToken)).statusCode).toBe(401);
    expect((await getAs(t(), '/v1/me', elsewhere.accessToken)).statusCode).toBe(401);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: here.refreshToken })).statusCode).toBe(401);
    expect((await getAs(t(), '/v1/me', fresh.accessToken)).statusCode).toBe(200);
    expect((await post(t(), '/v1/auth/refresh', { refreshToken: fresh.refreshToken })).statusCode).toBe(200);
    // The new session keeps this browser's remember-me choice.
    const remembered = await t()
      .ctx.db.selectFrom('sessions')
      .select('remember')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(remembered).toEqual([{ remember: 1 }]);
    expect(
      (await post(t(), '/v1/auth/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    await signIn(t(), user.email, NEW_PASSWORD);
    expect(await auditActions(t(), user.id)).toContain('auth.passwordChanged');
  });

  it.each([
    [{ oldPassword: '', newPassword: NEW_PASSWORD }, 'Enter old password'],
    [{ oldPassword: 'ab', newPassword: NEW_PASSWORD }, 'Old password is required'],
    [{ oldPassword: 'Correct-Horse-9', newPassword: '' }, 'Enter new password'],
    [{ oldPassword: 'Correct-Horse-9', newPassword: 'Short1!' }, 'Minimum length must be 8 character'],
    [
      { oldPassword: 'Correct-Horse-9', newPassword: 'no-upper-case-1' },
      'Password does not match requirements',
    ],
    [{ oldPassword: 'Wrong-Horse-9', newPassword: NEW_PASSWORD }, 'Old password is incorrect'],
    [
      { oldPassword: 'Correct-Horse-9', newPassword: 'Correct-Horse-9' },
      'The new password must be different from the old password',
    ],
  ])('refuses a password change %j with %j and changes nothing', async (body, message) => {
    const user = await t().createUser();
    const res = await t().request(user, { method: 'POST', url: '/v1/me/password', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t().request(user, { method: 'GET', url: '/v1/me' })).statusCode).toBe(200);
  });

  it('refuses malformed password-change bodies', async () => {
    const user = await t().createUser();
    for (const payload of [
      {},
      { oldPassword: 'Correct-Horse-9' },
      { oldPassword: 1, newPassword: NEW_PASSWORD },
      { oldPassword: 'x'.repeat(2000), newPassword: NEW_PASSWORD },
    ])
      expect((await t().request(user, { method: 'POST', url: '/v1/me/password', payload })).statusCode).toBe(
        400,
      );
  });

  it('single-sign-on users cannot change their password', async () => {
    const user = await t().createUser({ isSsoUser: true });
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/me/password',
      payload: { oldPassword: user.password, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SSO_USER');
  });

  it('changing the password revokes the API key and says so', async () => {
    const user = await t().createUser();
    const key = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json().apiKey;
    expect((await getAs(t(), '/v1/me', key)).statusCode).toBe(200);
    const res = await t().request(user, {
      method: 'POST',
      url: '/v1/me/password',
      payload: { oldPassword: user.password, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json();
    expect(fresh.apiKeyRevoked).toBe(true);
    expect((await getAs(t(), '/v1/me', key)).statusCode).toBe(401);
    expect((await getAs(t(), '/v1/me/api-keys', fresh.accessToken)).json()).toEqual([]);
    const details = await t()
      .ctx.db.selectFrom('audit_log')
      .select('details')
      .where('actor_user_id', '=', user.id)
      .where('action', '=', 'auth.passwordChanged')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(details.details)).toEqual({ step: 'profile', apiKeysRevoked: 1 });
  });

  it('an API key cannot change the password', async () => {
    const user = await t().createUser();
    const key = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json().apiKey;
    const res = await post(
      t(),
      '/v1/me/password',
      { oldPassword: user.password, newPassword: NEW_PASSWORD },
      { token: key },
    );
    expect(res.statusCode).toBe(403);
  });
});

describeEachDialect('API keys', (t) => {
  it('generates a key shown once, stored hashed, that works as a bearer on the API', async () => {
    const user = await t().createUser();
    const res = await t().request(user, { method: 'POST', url: '/v1/me/api-keys' });
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey, id, createdAt } = res.json();
    expect(apiKey).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    const list = await t().request(user, { method: 'GET', url: '/v1/me/api-keys' });
    expect(list.json()).toEqual([{ id, createdAt }]);
    expect(list.body).not.toContain(apiKey);
    const stored = await t()
      .ctx.db.selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(apiKey.slice(4));
    const me = await getAs(t(), '/v1/me', apiKey);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    expect((await getAs(t(), '/v1/projects', apiKey)).statusCode).toBe(200);
    expect(await auditActions(t(), user.id)).toContain('apiKey.created');
  });

  it('generating again revokes the previous key: one active key per user', async () => {
    const user = await t().createUser();
    const first = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json();
    const second = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json();
    expect(second.apiKey).not.toBe(first.apiKey);
    expect((await getAs(t(), '/v1/me', first.apiKey)).statusCode).toBe(401);
    expect((await getAs(t(), '/v1/me', second.apiKey)).statusCode).toBe(200);
    expect((await t().request(user, { method: 'GET', url: '/v1/me/api-keys' })).json()).toEqual([
      { id: second.id, createdAt: second.createdAt },
    ]);
  });

  it('needs a sign-in less than 5 minutes old; a refresh does not renew it', async () => {
    const user = await t().createUser();
    const tokens = await signIn(t(), user.email, user.password);
    await t()
      .ctx.db.updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 5 * 60_000 - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const refreshed = (await post(t(), '/v1/auth/refresh', { refreshToken: tokens.refreshToken })).json();
    const res = await post(t(), '/v1/me/api-keys', undefined, { token: refreshed.accessToken });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'API key generation requires re-authentication',
    });
    expect((await getAs(t(), '/v1/me/api-keys', refreshed.accessToken)).json()).toEqual([]);
    // Signing in again satisfies the rule.
    const again = await signIn(t(), user.email, user.password);
    expect((await post(t(), '/v1/me/api-keys', undefined, { token: again.accessToken })).statusCode).toBe(
      201,
    );
  });

  it('an API key cannot generate API keys', async () => {
    const user = await t().createUser();
    const key = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json().apiKey;
    const res = await post(t(), '/v1/me/api-keys', undefined, { token: key });
    expect(res.json().code).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('needs the userProfile permission', async () => {
    const ext = await t().createUser({ systemRoles: ['externalUser'] });
    expect((await t().request(ext, { method: 'GET', url: '/v1/me/api-keys' })).statusCode).toBe(403);
    expect((await t().request(ext, { method: 'POST', url: '/v1/me/api-keys' })).statusCode).toBe(403);
    expect((await t().request(null, { method: 'GET', url: '/v1/me/api-keys' })).statusCode).toBe(401);
  });
});
