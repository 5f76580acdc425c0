/**
 * The only reader of process.env. Every setting is validated here once; the rest of the server gets a
 * typed Config. The README's table of environment variables mirrors this file.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** A switch that is on unless set to false or 0. */
const boolDefaultOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');

/** One OpenID Connect provider, chosen for users whose e-mail domain is in `domains`. */
const SsoProvider = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  issuer: z.url(),
  clientId: z.string(),
  clientSecret: z.string().optional(),
  domains: z.array(z.string()).min(1),
});
export type SsoProvider = z.infer<typeof SsoProvider>;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  TESSERA_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  TESSERA_PUBLIC_URL: z.url().optional(),
  TESSERA_ADMIN_EMAIL: z.string().optional(),
  TESSERA_ADMIN_PASSWORD: z.string().optional(),
  TESSERA_JWT_SECRET: z.string().min(32).optional(),
  TESSERA_COMPANY_DOMAIN: z.string().default('tessera.local'),
  TESSERA_EXTERNAL_EXEMPT_EMAILS: z.string().default(''),
  TESSERA_SMTP_URL: z.string().optional(),
  TESSERA_MAIL_FROM: z.string().default('Tessera <no-reply@tessera.local>'),
  TESSERA_SSO_PROVIDERS: z.string().default('[]'),
  TESSERA_MAINTENANCE: bool,
  TESSERA_MANUAL_VERSION: z.string().default(''),
  TESSERA_ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  TESSERA_REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  TESSERA_PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  TESSERA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TESSERA_WEB_DIST: z.string().optional(),
  TESSERA_TRUST_PROXY: bool,
  TESSERA_DEMO: boolDefaultOn,
  TESSERA_EMBEDDED_WORKER: boolDefaultOn,
  TESSERA_SERVE_PROCESSES: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default('auto'),
  TESSERA_GRID_MEMORY_MB: z.coerce.number().int().min(0).max(1_000_000).default(512),
  TESSERA_MAX_UPLOAD_GB: z.coerce.number().positive().max(100_000).default(200),
  TESSERA_UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().max(100_000).default(72),
  TESSERA_TRANSFER_DIR: z.string().min(1).optional(),
  TESSERA_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'an S3 bucket name: 3–63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  TESSERA_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  TESSERA_S3_REGION: z.string().min(1).default('us-east-1'),
  TESSERA_S3_PREFIX: z
    .string()
    .regex(/^((?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/, 'folder names each ending in /, such as tessera/')
    .default(''),
  TESSERA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  TESSERA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  TESSERA_BLOB_CACHE_DIR: z.string().min(1).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise embedded SQLite at dataDir/tessera.sqlite. */
  databaseUrl: string | null;
  publicUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Signing secret of access tokens; generated once into dataDir when not given. */
  jwtSecret: string | null;
  companyDomain: string;
  externalExemptEmails: string[];
  /** SMTP connection URL (smtp://user:pass@host:port); without it mail goes to dataDir/outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  ssoProviders: SsoProvider[];
  /** Maintenance from the environment; an administrator can also switch it at run time (tessera maintenance on). */
  maintenance: boolean;
  /** The user-manual version users must confirm; empty means no confirmation is asked. */
  manualVersion: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Passwords older than this many days must be changed at sign-in; 0 turns expiry off. */
  passwordMaxAgeDays: number;
  logLevel: string;
  webDist: string;
  /** Take the client address from X-Forwarded-For. Only behind a proxy that sets it: otherwise clients could forge it and escape per-address rate limits. */
  trustProxy: boolean;
  /** Seed the demo project, users and slides on first start (off for production installs). */
  isDemoSeeded: boolean;
  /** `serve` also runs jobs; off when separate `tessera worker` processes do (DESIGN §11). */
  hasEmbeddedWorker: boolean;
  /** HTTP serving processes sharing the port (cli/serve.ts); 'auto' is one per core. */
  serveProcesses: number;
  /** Memory each serving process may give the slide grid's column stores (grid/column-store); 0 answers everything in SQL. */
  gridMemoryBytes: number;
  /** The largest file one upload may hold (issue #15; a whole-slide image is rarely over 20 GB). */
  maxUploadBytes: number;
  /** An upload no byte came to for this long is given up: its bytes are removed, its client starts over. */
  uploadExpiryMs: number;
  /** The transfer area (spec 1 §2 Transfer wizard): destinations are its folders; default dataDir/transfer. */
  transferDir: string;
  /** Slide files and pyramids go to this S3-compatible bucket when set; else under dataDir (blob-store/). */
  s3: S3Config | null;
  /** Where files of the S3 store are fetched to when a reader needs a local file; default dataDir/blob-cache. */
  blobCacheDir: string;
}

export interface S3Config {
  bucket: string;
  /** Key prefix ('' or ending in '/'). */
  prefix: string;
  /** An S3-compatible server's URL (MinIO, Ceph, …); AWS S3 itself when absent. */
  endpoint: string | null;
  region: string;
  /** Both or neither: without them the AWS SDK's own chain applies (instance roles, shared profiles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let sso: unknown;
  try {
    sso = JSON.parse(e.TESSERA_SSO_PROVIDERS);
  } catch {
    throw new Error('Invalid environment:\n  TESSERA_SSO_PROVIDERS: not valid JSON');
  }
  const providers = z.array(SsoProvider).safeParse(sso);
  if (!providers.success)
    throw new Error(`Invalid environment:\n  TESSERA_SSO_PROVIDERS: ${providers.error.message}`);
  const dataDir = path.resolve(e.TESSERA_DATA_DIR);
  if (!e.TESSERA_S3_ACCESS_KEY_ID !== !e.TESSERA_S3_SECRET_ACCESS_KEY)
    throw new Error(
      'Invalid environment:\n  TESSERA_S3_ACCESS_KEY_ID and TESSERA_S3_SECRET_ACCESS_KEY are set together or not at all',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    publicUrl: (e.TESSERA_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminEmail: e.TESSERA_ADMIN_EMAIL || null,
    adminPassword: e.TESSERA_ADMIN_PASSWORD || null,
    jwtSecret: e.TESSERA_JWT_SECRET ?? null,
    companyDomain: e.TESSERA_COMPANY_DOMAIN.toLowerCase(),
    externalExemptEmails: e.TESSERA_EXTERNAL_EXEMPT_EMAILS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.TESSERA_SMTP_URL || null,
    mailFrom: e.TESSERA_MAIL_FROM,
    ssoProviders: providers.data,
    maintenance: e.TESSERA_MAINTENANCE,
    manualVersion: e.TESSERA_MANUAL_VERSION,
    accessTokenTtlSeconds: e.TESSERA_ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.TESSERA_REFRESH_TOKEN_TTL,
    passwordMaxAgeDays: e.TESSERA_PASSWORD_MAX_AGE_DAYS,
    logLevel: e.TESSERA_LOG_LEVEL,
    trustProxy: e.TESSERA_TRUST_PROXY,
    isDemoSeeded: e.TESSERA_DEMO,
    hasEmbeddedWorker: e.TESSERA_EMBEDDED_WORKER,
    serveProcesses:
      e.TESSERA_SERVE_PROCESSES === 'auto' ? os.availableParallelism() : e.TESSERA_SERVE_PROCESSES,
    gridMemoryBytes: e.TESSERA_GRID_MEMORY_MB * 1024 * 1024,
    maxUploadBytes: Math.floor(e.TESSERA_MAX_UPLOAD_GB * 1024 ** 3),
    uploadExpiryMs: e.TESSERA_UPLOAD_EXPIRY_HOURS * 3_600_000,
    transferDir: path.resolve(e.TESSERA_TRANSFER_DIR ?? path.join(dataDir, 'transfer')),
    s3: e.TESSERA_S3_BUCKET
      ? {
          bucket: e.TESSERA_S3_BUCKET,
          prefix: e.TESSERA_S3_PREFIX,
          endpoint: e.TESSERA_S3_ENDPOINT ?? null,
          region: e.TESSERA_S3_REGION,
          credentials:
            e.TESSERA_S3_ACCESS_KEY_ID && e.TESSERA_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.TESSERA_S3_ACCESS_KEY_ID, secretAccessKey: e.TESSERA_S3_SECRET_ACCESS_KEY }
              : null,
        }
      : null,
    blobCacheDir: path.resolve(e.TESSERA_BLOB_CACHE_DIR ?? path.join(dataDir, 'blob-cache')),
    webDist: path.resolve(e.TESSERA_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
