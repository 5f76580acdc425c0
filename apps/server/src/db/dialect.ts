/** Small helpers for the few places where SQLite and PostgreSQL need different SQL. */
import { SqliteAdapter } from 'kysely';

/** Any Kysely instance or transaction, whatever its table types. */
export const isSqlite = (db: { getExecutor(): { readonly adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof SqliteAdapter;

/** Current time as the ISO-8601 UTC text every timestamp column holds. */
export const nowIso = (): string => new Date().toISOString();

/** Whether a write failed on a unique index (a row another request wrote first), on either dialect. */
export const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed|duplicate key value/.test(error instanceof Error ? error.message : '');
