/**
 * The PostgreSQL the benchmarks write their cached databases into, and the few steps each of them takes
 * with it: a client for one job, a database's URL, and the mark that says a cached database is complete
 * (a comment written after its VACUUM ANALYZE: a run cut short never leaves a database that looks whole).
 */
import pg from 'pg';

export const PG_BASE_URL =
  process.env.BENCH_PG_URL ??
  process.env.TESSERA_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `fn` with a client of `url`, closed after. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the benchmarks' server. */
export const databaseUrl = (name: string) => {
  const url = new URL(PG_BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Whether database `name` exists and carries `mark`. */
export const isMarked = (name: string, mark: string) =>
  withClient(PG_BASE_URL, async (c) => {
    const { rows } = await c.query(
      `SELECT 1 FROM pg_database WHERE datname = $1 AND shobj_description(oid, 'pg_database') = $2`,
      [name, mark],
    );
    return rows.length > 0;
  });

/** Marks database `name` complete. */
export const mark = (name: string, text: string) =>
  withClient(PG_BASE_URL, (c) => c.query(`COMMENT ON DATABASE ${name} IS '${text}'`));

/** Drops every database whose name starts with `prefix` (older versions of one cache), then creates `name`. */
export const replaceDatabases = (prefix: string, name: string) =>
  withClient(PG_BASE_URL, async (c) => {
    const { rows } = await c.query<{ name: string }>(
      `SELECT datname AS name FROM pg_database WHERE datname LIKE $1`,
      [`${prefix}%`],
    );
    for (const d of rows) await c.query(`DROP DATABASE IF EXISTS ${d.name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
