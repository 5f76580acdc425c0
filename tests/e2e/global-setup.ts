/**
 * Starts the real peers of the e2e run — an SMTP server, an OpenID Connect provider — and the Tessera
 * server itself on a fresh data folder, then hands their addresses to the workers through process.env.
 * The returned function is the global teardown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  COMPANY_DOMAIN,
  ENV_KEYS,
  SSO_DOMAIN,
  SSO_PROVIDER,
} from './support/env.ts';
import { startOidcPeer } from './support/oidc.ts';
import { reservePort } from './support/ports.ts';
import { startTessera } from './support/server.ts';
import { startSmtpPeer } from './support/smtp.ts';

/** Where the SSO module receives the provider's answer (contract sso.callback). */
const ssoCallbackPath = (providerId: string) => `/v1/auth/sso/${providerId}/callback`;

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-'));
  // Held while the peers start on ports of their own, released just before Tessera takes it.
  const reserved = await reservePort();
  const port = reserved.port;
  const url = `http://127.0.0.1:${port}`;

  const smtp = await startSmtpPeer();
  const oidc = await startOidcPeer(`${url}${ssoCallbackPath(SSO_PROVIDER.id)}`);

  const serverEnv: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    TESSERA_DATA_DIR: dataDir,
    // Embedded SQLite in the fresh data folder, and no run-time switch inherited from the caller's shell.
    DATABASE_URL: '',
    TESSERA_MAINTENANCE: 'false',
    TESSERA_MANUAL_VERSION: '',
    TESSERA_PUBLIC_URL: url,
    TESSERA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    TESSERA_SSO_PROVIDERS: JSON.stringify([
      {
        id: SSO_PROVIDER.id,
        name: SSO_PROVIDER.name,
        issuer: oidc.issuer,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        domains: [SSO_DOMAIN],
      },
    ]),
    TESSERA_COMPANY_DOMAIN: COMPANY_DOMAIN,
    TESSERA_ADMIN_EMAIL: ADMIN_EMAIL,
    TESSERA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    TESSERA_LOG_LEVEL: 'warn',
    // As behind a reverse proxy: the seeding client (support/api.ts) names itself in X-Forwarded-For,
    // so its many sign-ins do not use up the browser's per-address sign-in limit.
    TESSERA_TRUST_PROXY: 'true',
  };

  let server;
  try {
    await reserved.release();
    server = await startTessera(serverEnv, url);
  } catch (error) {
    await Promise.all([smtp.close(), oidc.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env[ENV_KEYS.baseUrl] = url;
  process.env[ENV_KEYS.mailboxUrl] = smtp.mailboxUrl;
  process.env[ENV_KEYS.serverEnv] = JSON.stringify(serverEnv);

  return async () => {
    await server.stop();
    await Promise.all([smtp.close(), oidc.close()]);
    if (!process.env.TESSERA_E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
