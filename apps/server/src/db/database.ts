/**
 * The database: Kysely over better-sqlite3 (WAL) by default, PostgreSQL when a URL is given.
 * Only *.queries.ts files and db/ use the returned instance to write SQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** `url` is a postgres:// URL, a SQLite file path, or ':memory:'. */
export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Integers from COUNT(*) and BIGINT come back as strings by default; our counts fit in a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection can be closed by the server (restart, failover, admin command). pg reports it
    // as an 'error' event, which would crash the process without a listener; the pool replaces the
    // connection on next use, so a log line is all it takes.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const writes = new WriteCounter();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    // The data version of a request is its snapshot when first asked: two equal snapshots (xmin:xmax:
    // in-progress list) have seen exactly the same commits. Our own writes since count too, so a request
    // that writes and then looks up again reads anew.
    dataVersions.set(db, async () => {
      const request = requests.getStore();
      if (!request) return undefined;
      // Straight through the pool: a read of our own that the write counter must not see.
      request.snapshot ??= pool.query<{ v: string }>('select pg_current_snapshot()::text as v').then((r) => r.rows[0]!.v);
      return `${writes.count}:${await request.snapshot}`;
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  let writes = 0;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => writes++) }) });
  // Another connection's commits (other serving processes, workers, the CLI) change data_version; our own
  // writes do not, so they are counted as they are prepared. data_version is read once per turn of the
  // event loop: a request that arrives after a commit is handled in a later turn, so it still sees it.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let thisTurn: string | undefined;
  dataVersions.set(db, () => {
    if (thisTurn === undefined) {
      thisTurn = String(dataVersion.get());
      setImmediate(() => (thisTurn = undefined));
    }
    return `${writes}:${thisTurn}`;
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

type DataVersion = () => string | undefined | Promise<string | undefined>;
const dataVersions = new WeakMap<Db, DataVersion>();

/** PostgreSQL: each request's snapshot, taken when its first remembered lookup asks. */
const requests = new AsyncLocalStorage<{ snapshot?: Promise<string> }>();

/** Counts the writes this process sends (PostgreSQL; on SQLite the statement cache counts them). */
class WriteCounter implements KyselyPlugin {
  count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // Anything but a select may write: inserts, updates, deletes, DDL, raw SQL, transaction statements.
    if (args.node.kind !== 'SelectQueryNode') this.count++;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Runs the rest of a request (http/app.ts) in its own scope: on PostgreSQL the data version is read once
 * per request, so one round trip stands for the session, roles, membership and image lookups when
 * nothing changed.
 */
export function inRequestScope(dialect: Dialect, next: () => void): void {
  if (dialect === 'postgres') requests.run({}, next);
  else next();
}

/**
 * A value that changes whenever the database's data may have changed, by any connection; the same value
 * means every read answers as before (db/prepared.ts remembers answers by it). SQLite: counted writes and
 * `PRAGMA data_version`, per event-loop turn. PostgreSQL: the snapshot at the request's first lookup, so a
 * request never sees data older than its start. Undefined outside a request on PostgreSQL, and for
 * transactions (their Kysely instance is another): those always read.
 */
export function dataVersionOf(db: Db): DataVersion | undefined {
  return dataVersions.get(db);
}

/** Prepared statements kept; SQL with IN lists of varying length makes many shapes, so the cache is bounded. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew, and for the point lookups on the request path (session, membership,
 * slide) preparing costs more than running. Statements are kept by SQL text, least recently used dropped.
 * Safe because better-sqlite3 runs each statement to completion synchronously (we never stream).
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      // Kysely prepares right before it runs: a statement that is not a read (writes, begin, commit,
      // rollback, DDL) may change what reads answer.
      if (!statement.reader) onWrite();
      return statement;
    },
  };
}
