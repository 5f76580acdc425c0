/**
 * The database: Kysely over better-sqlite3 (WAL) by default, PostgreSQL when a URL is given.
 * Only *.queries.ts files and db/ use the returned instance to write SQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
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
    // Any statement but a read (writes, commit, DDL) may change what this request's lookups answer:
    // the request reads the table versions again at its next lookup.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
        const request = requests.getStore();
        if (!request || /^\s*select\b/i.test(text ?? '')) return query(...args);
        request.versions = undefined;
        const answer = query(...args);
        if (answer instanceof Promise)
          void answer.finally(() => (request.versions = undefined)).catch(() => undefined);
        return answer;
      }) as typeof client.query;
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // A request's table versions are read once, at its first remembered lookup, so a request never sees
    // data older than its start; straight through the pool, so the read is not taken for a write.
    dataVersions.set(db, () => {
      const request = requests.getStore();
      if (!request) return undefined;
      request.versions ??= pool
        .query<{ name: string; version: number }>(VERSIONS_SQL)
        .then(toVersions, () => undefined);
      return request.versions;
    });
    arrayReaders.set(db, async (query, isKept) => {
      const answer = await pool.query<unknown[]>({
        text: query.sql,
        values: query.parameters as unknown[],
        rowMode: 'array',
        ...(isKept ? { name: statementName(query.sql) } : {}),
      });
      return answer.rows;
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (url !== ':memory:') fs.mkdirSync(path.dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  tuneSqliteReads(sqlite);
  // The table versions are read once per turn of the event loop (a request that arrives after another
  // process's commit is handled in a later turn, so it sees it) and again after any write of ours.
  let thisTurn: TableVersions | undefined;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => (thisTurn = undefined)) }),
  });
  let versionsStatement: SQLite.Statement | undefined;
  dataVersions.set(db, () => {
    if (thisTurn === undefined) {
      try {
        versionsStatement ??= sqlite.prepare(VERSIONS_SQL);
      } catch {
        return undefined; // not migrated yet
      }
      thisTurn = toVersions({ rows: versionsStatement.all() as { name: string; version: number }[] });
      setImmediate(() => (thisTurn = undefined));
    }
    return thisTurn;
  });
  arrayReaders.set(db, arraysFromSqlite(sqlite));
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * How SQLite reads pages, for the server and for benchmarks that query its file directly (so both sides
 * read alike). 64 MiB of page cache rather than SQLite's 2 MiB: a grid block reads a hundred rows
 * scattered over a table of a million, and with the default cache every one of them went back to the
 * file. The file memory-mapped (up to 2 GiB, the most better-sqlite3's SQLite maps): a page is then read
 * from the OS cache in place rather than copied by a system call — a 50,000-feature viewport read half
 * its rows' time in those calls. Mapped pages are the OS cache's, shared by every serving process.
 */
export function tuneSqliteReads(sqlite: SQLite.Database): void {
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 2147418112');
}

/**
 * Runs a compiled SELECT outside Kysely, answering its rows as arrays of values in select order. A kept
 * query is prepared once per connection on PostgreSQL (SQLite keeps every statement): only for queries
 * of a few shapes, since PostgreSQL keeps each prepared statement for the connection's life.
 */
type ArrayReader = (query: CompiledQuery, isKept?: boolean) => Promise<unknown[][]>;
const arrayReaders = new WeakMap<Db, ArrayReader>();

/**
 * The array reader of a database, for reads of many rows of many columns (grid blocks: array-rows.ts);
 * undefined for a transaction's instance, which then reads through Kysely.
 */
export function arrayReaderOf(db: Db): ArrayReader | undefined {
  return arrayReaders.get(db);
}

/**
 * SQLite's array reads: statements of their own, since `raw` switches a statement's answers for every
 * later caller and Kysely's cached statements must keep answering objects.
 */
function arraysFromSqlite(sqlite: SQLite.Database): ArrayReader {
  const statements = new Map<string, SQLite.Statement>();
  return async (query) => {
    let statement = statements.get(query.sql);
    if (!statement) {
      statement = sqlite.prepare(query.sql);
      if (!statement.reader) throw new Error('An array read must be a SELECT');
      statement.raw(true);
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      statements.set(query.sql, statement);
    }
    return statement.all(...(query.parameters as unknown[])) as unknown[][];
  };
}

/** A kept statement's name on PostgreSQL: from its text, so that one text is prepared once per connection. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `kept_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (statementNames.size >= MAX_CACHED_STATEMENTS) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** Each versioned table's version (migration 0017), as read at one moment. */
export type TableVersions = ReadonlyMap<string, number>;
type DataVersion = () => TableVersions | undefined | Promise<TableVersions | undefined>;
const dataVersions = new WeakMap<Db, DataVersion>();

const VERSIONS_SQL = 'select name, version from table_versions';
const toVersions = ({ rows }: { rows: { name: string; version: number | string }[] }): TableVersions =>
  new Map(rows.map((r) => [r.name, Number(r.version)]));

/** PostgreSQL: each request's table versions, read when its first remembered lookup asks. */
const requests = new AsyncLocalStorage<{ versions?: Promise<TableVersions | undefined> | undefined }>();

/**
 * Runs the rest of a request (http/app.ts) in its own scope: on PostgreSQL the table versions are read
 * once per request, so one round trip stands for the session, roles, membership and image lookups when
 * their tables did not change.
 */
export function inRequestScope(dialect: Dialect, next: () => void): void {
  if (dialect === 'postgres') requests.run({}, next);
  else next();
}

/**
 * The version of every table that remembered lookups read (migration 0017: triggers add one to a table's
 * version in each transaction that writes it, by any connection); the same versions for the tables a
 * lookup reads mean it answers as before (db/prepared.ts remembers answers by them). SQLite: read once
 * per turn of the event loop and after our own writes. PostgreSQL: read at the request's first lookup and
 * after its own writes, so a request never sees data older than its start. Undefined outside a request on
 * PostgreSQL, before migration, and for transactions (their Kysely instance is another): those always read.
 */
export function dataVersionOf(db: Db): DataVersion | undefined {
  return dataVersions.get(db);
}

/** The versions of `tables` as one key, or undefined when one of them is not versioned. */
export function versionKey(versions: TableVersions, tables: readonly string[]): string | undefined {
  let key = '';
  for (const table of tables) {
    const version = versions.get(table);
    if (version === undefined) return undefined;
    key += `${version}:`;
  }
  return key;
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
