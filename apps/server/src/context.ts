/** What every module's routes and services are given: built once in main.ts (or a test) and passed down. */
import type { Config } from './config.ts';
import type { BlobStore } from './blob-store/blob-store.ts';
import type { Db, Dialect } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { GuardDeps } from './http/guard.ts';
import type { SettingsService } from './modules/app/settings.service.ts';
import type { AuditLog } from './modules/audit/audit.service.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { ColumnStores } from './grid/column-store/column-stores.ts';
import type { EncodedAnswers } from './modules/annotations/annotation-answers.ts';

export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  mailer: Mailer;
  /** Sessions, access tokens, refresh and API-key authentication. */
  tokens: TokenService;
  settings: SettingsService;
  audit: AuditLog;
  /** Durable jobs: enqueue, read, cancel. Workers are started by the CLI (serve, worker), not here. */
  jobs: JobQueue;
  /** The slide grid's in-memory columns per project (counts, group rows, set-filter values). */
  gridStores: ColumnStores;
  /** Binary annotation answers (a million cell markers) kept while the set's items do not change. */
  annotationAnswers: EncodedAnswers;
  /** Where slide files and converted pyramids are stored: a local folder or an S3-compatible store. */
  blobs: BlobStore;
  /** What addRoute's guard needs; derived from the above. */
  guard: GuardDeps;
}
