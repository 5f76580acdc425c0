import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, describeEachDialect, startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditActions, getAs, post, signIn } from '../../../test/auth.test-helpers.ts';

const NEW_PASSWORD = 'Reset-Pass-2026!';
const INVALID = { code: 'CODE_MISMATCH', message: 'The reset code is invalid or has expired' };

const codeIn = (text: string): string => {
  const match = /reset code is (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no reset code in mail: ${text}`);
  return match[1];
};

/** Asks for a reset code and reads it from the mail the in-memory mailer kept. */
async function requestCode(t: TestServer, email: string): Promise<string> {
  const before = t.mail.length;
  const res = await post(t, '/v1/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  await vi.waitFor(() => expect(t.mail.length).toBe(before + 1));
  const mail = t.mail[before];
  expect(mail?.to).toBe(email);
  return codeIn(mail?.text ?? '');
}

describeEachDialect(
  'forgot password',
  (t) => {
    it('a reset revokes the API key and every session, and says the key was revoked', async () => {
      const user = await t().createUser();
      const key = (await t().request(user, { method: 'POST', url: '/v1/me/api-keys' })).json().apiKey;
      const tokens = await signIn(t(), user.email, user.password);
      expect((await getAs(t(), '/v1/me', key)).statusCode).toBe(200);
      const code = await requestCode(t(), user.email);
      const res = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: user.email,
        code,
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ apiKeyRevoked: true });
      expect((await getAs(t(), '/v1/me', key)).statusCode).toBe(401);
      expect((await getAs(t(), '/v1/me', tokens.accessToken)).statusCode).toBe(401);
      const fresh = await signIn(t(), user.email, NEW_PASSWORD);
      expect((await getAs(t(), '/v1/me/api-keys', fresh.accessToken)).json()).toEqual([]);
    });

    it('e-mails a 6-digit code valid 15 minutes, stored only as a hash; the code sets a new password', async () => {
      const user = await t().createUser();
      const code = await requestCode(t(), user.email);
      expect(t().mail.at(-1)?.subject).toBe('Your Tessera password reset code');
      const row = await t()
        .ctx.db.selectFrom('auth_challenges')
        .select(['code_hash', 'expires_at', 'created_at'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'passwordReset')
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * 60_000);

      const res = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: user.email,
        code,
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ apiKeyRevoked: false });
      expect(
        (await post(t(), '/v1/auth/login', { email: user.email, password: user.password })).statusCode,
      ).toBe(401);
      await signIn(t(), user.email, NEW_PASSWORD);
      expect(await auditActions(t(), user.id)).toContain('auth.passwordReset');
      // Used once only.
      const again = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: user.email,
        code,
        newPassword: 'Other-Pass-2026!',
      });
      expect(again.json()).toEqual(INVALID);
    });

    it('answers an unknown e-mail and a single-sign-on account exactly like a known one, and mails neither', async () => {
      const known = await t().createUser();
      const sso = await t().createUser({ isSsoUser: true });
      const before = t().mail.length;
      const a = await post(t(), '/v1/auth/forgot-password', { email: known.email });
      const b = await post(t(), '/v1/auth/forgot-password', { email: `nobody.${known.id}@tessera.test` });
      const c = await post(t(), '/v1/auth/forgot-password', { email: sso.email });
      for (const res of [a, b, c]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(a.body);
      }
      await vi.waitFor(() => expect(t().mail.length).toBe(before + 1));
      expect(t().mail.at(-1)?.to).toBe(known.email);
    });

    it('refuses e-mails of single-sign-on domains with SSO_USER (the domain, not the account, decides)', async () => {
      const res = await post(t(), '/v1/auth/forgot-password', { email: 'anyone@sso-corp.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SSO_USER');
    });

    it('validates the e-mail, the code and the new password with the spec messages', async () => {
      expect((await post(t(), '/v1/auth/forgot-password', { email: '' })).json().message).toBe(
        'Please enter your email address',
      );
      expect((await post(t(), '/v1/auth/forgot-password', { email: 'nope' })).json().message).toBe(
        'Please provide a valid email address',
      );
      expect((await post(t(), '/v1/auth/forgot-password', {})).statusCode).toBe(400);
      const base = { email: 'a@tessera.test', code: '123456', newPassword: NEW_PASSWORD };
      for (const [patch, message] of [
        [{ code: '' }, 'Enter reset code'],
        [{ code: '12' }, 'Reset code is required'],
        [{ newPassword: 'short1!' }, 'Minimum length must be 8 character'],
        [{ newPassword: 'nouppercase-1' }, 'Password does not match requirements'],
      ] as const) {
        const res = await post(t(), '/v1/auth/confirm-forgot-password', { ...base, ...patch });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(
        (await post(t(), '/v1/auth/confirm-forgot-password', { ...base, code: 123456 })).statusCode,
      ).toBe(400);
      expect(
        (await post(t(), '/v1/auth/confirm-forgot-password', { ...base, code: '1'.repeat(33) })).statusCode,
      ).toBe(400);
    });

    it('a wrong code is refused; after 5 wrong codes even the right one is refused', async () => {
      const user = await t().createUser();
      const code = await requestCode(t(), user.email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await post(t(), '/v1/auth/confirm-forgot-password', {
          email: user.email,
          code: wrong,
          newPassword: NEW_PASSWORD,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(INVALID);
      }
      const right = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: user.email,
        code,
        newPassword: NEW_PASSWORD,
      });
      expect(right.json()).toEqual(INVALID);
      await signIn(t(), user.email, user.password);
    });

    it('an expired code is refused; a new request replaces the old code', async () => {
      const user = await t().createUser();
      const first = await requestCode(t(), user.email);
      const second = await requestCode(t(), user.email);
      if (first !== second) {
        const old = await post(t(), '/v1/auth/confirm-forgot-password', {
          email: user.email,
          code: first,
          newPassword: NEW_PASSWORD,
        });
        expect(old.json()).toEqual(INVALID);
      }
      await t()
        .ctx.db.updateTable('auth_challenges')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .where('kind', '=', 'passwordReset')
        .execute();
      const expired = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: user.email,
        code: second,
        newPassword: NEW_PASSWORD,
      });
      expect(expired.json()).toEqual(INVALID);
    });

    it('an unknown e-mail gets the same refusal as a wrong code', async () => {
      const res = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: 'ghost@tessera.test',
        code: '123456',
        newPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
    });

    it('the new password must differ from the old one; the code stays usable then', async () => {
      const user = await t().createUser();
      const code = await requestCode(t(), user.email);
      const same = await post(t(), '/v1/auth/confirm-forgot-password', {
        email: user.email,
        code,
        newPassword: user.password,
      });
      expect(same.json().message).toBe('The new password must be different from the old password');
      expect(
        (
          await post(t(), '/v1/auth/confirm-forgot-password', {
            email: user.email,
            code,
            newPassword: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('a reset ends every session and lifts a lock', async () => {
      const user = await t().createUser();
      const tokens = await signIn(t(), user.email, user.password);
      for (let i = 0; i < 5; i++)
        await post(t(), '/v1/auth/login', { email: user.email, password: 'Wrong-password-1' });
      const code = await requestCode(t(), user.email);
      expect(
        (
          await post(t(), '/v1/auth/confirm-forgot-password', {
            email: user.email,
            code,
            newPassword: NEW_PASSWORD,
          })
        ).statusCode,
      ).toBe(200);
      expect((await getAs(t(), '/v1/me', tokens.accessToken)).statusCode).toBe(401);
      expect((await getAs(t(), '/v1/me', user.token)).statusCode).toBe(401);
      await signIn(t(), user.email, NEW_PASSWORD);
    });
  },
  {
    ssoProviders: [
      {
        id: 'corp',
        name: 'Corp',
        issuer: 'https://sso-corp.example',
        clientId: 'tessera',
        domains: ['sso-corp.example'],
      },
    ],
  },
);

/** The reset mail travels over SMTP to a real server (smtp-server), and the code read from it works. */
describe.each(DIALECTS)('forgot password over real SMTP [%s]', (dialect) => {
  let smtp: SMTPServer;
  let server: (TestServer & { stop(): Promise<void> }) | undefined;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer(dialect, { smtpUrl: `smtp://127.0.0.1:${port}` }, { realMail: true });
  });

  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the code by SMTP and the code resets the password', async () => {
    if (!server) throw new Error('server not started');
    const user = await server.createUser();
    expect((await post(server, '/v1/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    await vi.waitFor(() => expect(received.some((m) => m.to.includes(user.email))).toBe(true), {
      timeout: 10_000,
    });
    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail?.raw).toMatch(/^Subject: Your Tessera password reset code/m);
    const code = codeIn(mail?.raw ?? '');
    const res = await post(server, '/v1/auth/confirm-forgot-password', {
      email: user.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    await signIn(server, user.email, NEW_PASSWORD);
    expect(server.mail).toEqual([]);
  });
});
