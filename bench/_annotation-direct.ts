/**
 * The direct side of the annotations benchmark (bench/annotations.ts): the viewport query of
 * annotation-viewport.queries.ts run straight on the database, one read with the answer's JSON built
 * there (SQLite json_group_array/json_object through better-sqlite3 on the same file, read as the server
 * reads it; PostgreSQL json_agg/json_build_object through pg on the same database), as psql or sqlite3
 * would run it.
 *
 * It runs in a process of its own, as psql or sqlite3 would, and times each query there: in the process
 * that also reads the API's answers, each side's 28 MB strings left garbage that the other side's timing
 * then paid for. Each timed query starts from a collected heap.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { tuneSqliteReads } from '../apps/server/src/db/database.ts';
import { SET_ID } from './_annotation-data.ts';

export type Box = { minX: number; minY: number; maxX: number; maxY: number };

/** The query's text, read once to warm up and check (how many features), then timed. */
interface Query {
  viewport(box: Box): Promise<string>;
  close(): Promise<void>;
}

function sqliteQuery(file: string): Query {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  tuneSqliteReads(db); // page cache and memory map as the server reads
  // The set's R*Tree dimension (migration 0023), read once as the server's subquery reads it.
  const key = db
    .prepare('SELECT spatial_key FROM annotation_sets WHERE id = ?')
    .pluck()
    .get(SET_ID) as number;
  const statement = db
    .prepare(
      `SELECT json_object('type', 'FeatureCollection', 'features', json_group_array(json_object(
         'type', 'Feature', 'id', CAST(f.item_id AS TEXT), 'geometry', json(f.geometry),
         'properties', json_patch(f.properties, json_object('annotationType', f.type, 'annotationClass', f.class_id,
           'index', f.item_index, 'count', f.item_count, 'isLocked', json(CASE WHEN f.is_locked THEN 'true' ELSE 'false' END),
           'createdAt', f.created_at)))), 'truncated', json('false')) AS answer
       FROM (SELECT f.* FROM annotation_features_rtree r CROSS JOIN annotation_features f ON f.row_id = r.row_id
         WHERE r.min_set <= @key AND r.max_set >= @key
           AND r.max_x >= @minX AND r.min_x <= @maxX AND r.max_y >= @minY AND r.min_y <= @maxY
           AND f.set_id = @set AND f.v_to IS NULL
         LIMIT 200001) f`,
    )
    .pluck();
  return {
    viewport: async (b) => statement.get({ ...b, key, set: SET_ID }) as string,
    close: async () => {
      db.close();
    },
  };
}

function postgresQuery(url: string): Query {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const text = `SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
      'type', 'Feature', 'id', f.item_id::text, 'geometry', f.geometry::json,
      'properties', f.properties::jsonb || jsonb_build_object('annotationType', f.type, 'annotationClass', f.class_id,
        'index', f.item_index, 'count', f.item_count, 'isLocked', f.is_locked = 1, 'createdAt', f.created_at))
      ), '[]'), 'truncated', false)::text AS answer
    FROM (SELECT * FROM annotation_features f
      WHERE f.set_id = $5 AND box(point(f.min_x, f.min_y), point(f.max_x, f.max_y)) && box(point($1, $2), point($3, $4))
        AND f.v_to IS NULL
      LIMIT 200001) f`;
  return {
    viewport: async (b) =>
      (await pool.query<{ answer: string }>(text, [b.minX, b.minY, b.maxX, b.maxY, SET_ID])).rows[0]!.answer,
    close: () => pool.end(),
  };
}

type Ask = { box: Box };
type Answer = { ms: number; features: number } | { error: string };

/** The direct side, as the benchmark uses it: each call answers the query's time and its feature count. */
export interface Direct {
  viewport(box: Box): Promise<{ ms: number; features: number }>;
  close(): Promise<void>;
}

export function startDirect(database: 'sqlite' | 'postgres', target: string): Direct {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [database, target], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let pending: ((answer: Answer) => void) | undefined;
  child.on('message', (answer: Answer) => pending?.(answer));
  child.on('exit', (code) => pending?.({ error: `the direct side exited with ${code}` }));
  return {
    viewport: (box) =>
      new Promise((resolve, reject) => {
        pending = (answer) => ('error' in answer ? reject(new Error(answer.error)) : resolve(answer));
        child.send({ box } satisfies Ask);
      }),
    close: async () => {
      child.disconnect();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    },
  };
}

/** The child: answers each box with the query's time, measured around the query alone. */
async function serve(database: string, target: string): Promise<void> {
  const query = database === 'sqlite' ? sqliteQuery(target) : postgresQuery(target);
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  process.on('message', (ask: Ask) => {
    void (async () => {
      try {
        collect();
        const t0 = performance.now();
        const text = await query.viewport(ask.box);
        const ms = performance.now() - t0;
        const features = (JSON.parse(text) as { features: unknown[] }).features.length;
        process.send!({ ms, features } satisfies Answer);
      } catch (error) {
        process.send!({ error: String(error) } satisfies Answer);
      }
    })();
  });
  process.on('disconnect', () => void query.close().then(() => process.exit(0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(process.argv[2]!, process.argv[3]!);
