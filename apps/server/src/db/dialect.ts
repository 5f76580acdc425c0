/** Small helpers for the few places where SQLite and PostgreSQL need different SQL. */
import { SqliteAdapter, type Kysely } from 'kysely';

export const isSqlite = (db: Kysely<unknown> | Kysely<any>): boolean =>
  db.getExecutor().adapter instanceof SqliteAdapter;

/** Current time as the ISO-8601 UTC text every timestamp column holds. */
export const nowIso = (): string => new Date().toISOString();
