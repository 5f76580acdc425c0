/**
 * Builds the AppContext from a Config: database (migrated), settings, mail, tokens, audit.
 * main.ts and the tests both compose through here, so tests run the real wiring.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createSettingsService } from './modules/app/settings.service.ts';
import { createAuditLog } from './modules/audit/audit.service.ts';
import { createTokenService, type TokenService } from './modules/auth/tokens.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createBlobStore } from './blob-store/create-blob-store.ts';
import { ANSWER_CACHE_BYTES, EncodedAnswers } from './modules/annotations/annotation-answers.ts';
import { sharedAnswers } from './modules/annotations/annotation-answers.queries.ts';
import { ColumnStores } from './grid/column-store/column-stores.ts';

export interface Composed {
  ctx: AppContext;
  tokens: TokenService;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

export function databaseUrlOf(config: Config): string {
  return config.databaseUrl ?? path.join(config.dataDir, 'tessera.sqlite');
}

/** The access-token signing secret: from the environment, or generated once into the data folder. */
function jwtSecretOf(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function compose(
  config: Config,
  opts: { handle?: DatabaseHandle; mailer?: Mailer; log?: (line: string) => void } = {},
): Promise<Composed> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const handle = opts.handle ?? openDatabase(databaseUrlOf(config));
  await migrateToLatest(handle.db);
  const settings = createSettingsService(handle.db, {
    maintenance: config.maintenance,
    manualVersion: config.manualVersion,
  });
  await settings.refresh();
  const tokens = createTokenService(handle.db, {
    secret: jwtSecretOf(config),
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    });
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    mailer,
    tokens,
    settings,
    audit: createAuditLog(handle.db),
    jobs: createJobQueue(handle.db),
    gridStores: new ColumnStores(handle.db, handle.dialect, config.gridMemoryBytes),
    blobs: createBlobStore(config),
    annotationAnswers: new EncodedAnswers(sharedAnswers(handle.db), ANSWER_CACHE_BYTES, (error) =>
      log(`Shared annotation answers unavailable: ${String(error)}`),
    ),
    guard: { db: handle.db, manualVersion: () => settings.manualVersion() },
  };
  return {
    ctx,
    tokens,
    handle,
    close: async () => {
      if (!opts.handle) await handle.close();
    },
  };
}
