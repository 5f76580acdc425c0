/**
 * The data of the annotations benchmark (bench/annotations.ts): one slide of 100,000 × 50,000 pixels (a
 * typical whole-slide image) whose set holds REGION_COUNT region polygons of 16 vertices (cells and glands,
 * 15–60 px across, spread evenly) and MARKER_COUNT rated cell markers. At this density a 4000 × 2500
 * viewport meets about 2,000 polygons and a 20000 × 12500 one about 50,000, the "≤ 50,000".
 *
 * Written through the application's own write path (createItems, as the demo and the API write), a
 * transaction per chunk, after the bench user is made by `tessera user create` (the rows name it as
 * author). Deterministic (seeded). Cached like the grid benchmark's data: the SQLite file under CACHE_DIR
 * (each run copies it, so the cache never sees the server's writes), the PostgreSQL database
 * `tessera_bench_annotations_<version>` marked complete by a comment after VACUUM ANALYZE. The version key
 * changes with the counts, the generator or the write path (bump v; v2: regions written in spatial order)
 * and the migrations.
 */
import crypto from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseUrl, isMarked, mark, replaceDatabases, withClient } from './_postgres.ts';
import {
  CELL_MARKER_RATINGS,
  type CellMarkerInput,
  type Position,
  type RegionFeatureInput,
} from '@tessera/domain';
import { createRandom } from '@tessera/wsi';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { MIGRATIONS, migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { insertSet } from '../apps/server/src/modules/annotations/annotation-sets.queries.ts';
import { createItems } from '../apps/server/src/modules/annotations/annotation-writes.ts';
import { insertMetadataSlide } from '../apps/server/src/modules/slides/slide-metadata.queries.ts';
import { CACHE_DIR, ROOT, log, run } from './_lib.ts';

export const REGION_COUNT = Number(process.env.BENCH_ANNOTATION_REGIONS ?? 1_000_000);
export const MARKER_COUNT = Number(process.env.BENCH_ANNOTATION_MARKERS ?? 1_000_000);
export const IMAGE = { width: 100_000, height: 50_000 };
export const PROJECT_ID = '6e6e6f000000000000000001';
export const SET_ID = '6e6e6f000000000000000002';
export const EMAIL = 'bench-annotations@tessera.example';
export const PASSWORD = 'Bench-Passw0rd!x';
const VERSION = `v2_${REGION_COUNT}_${MARKER_COUNT}_${crypto
  .createHash('sha256')
  .update(Object.keys(MIGRATIONS).join(','))
  .digest('hex')
  .slice(0, 8)}`;
const REGENERATE = process.env.BENCH_ANNOTATION_REGENERATE === '1';
const CHUNK = 10_000;

const PG_DATABASE = `tessera_bench_annotations_${VERSION}`.toLowerCase();
const COMPLETE = `complete ${VERSION}`;

export interface AnnotationDatabases {
  sqliteFile: string;
  pgUrl: string;
}

// --- the generator ------------------------------------------------------------------------------------

const round1 = (v: number) => Math.round(v * 10) / 10;
const REGION_CLASSES = ['Tumor', 'Stroma', 'Necrosis', 'Immune'];
const MARKER_CLASSES = ['Tumor cell', 'Immune cell', 'Other cell'];

type ImageSize = { width: number; height: number };

/** `count` region polygons of 16 vertices, 15–60 px across, spread evenly over `image`, in chunks. */
export function* regionChunks(
  next: () => number,
  count = REGION_COUNT,
  image: ImageSize = IMAGE,
): Generator<RegionFeatureInput[]> {
  for (let done = 0; done < count; done += CHUNK) {
    const chunk: RegionFeatureInput[] = [];
    for (let i = done; i < Math.min(count, done + CHUNK); i++) {
      const r = 7.5 + next() * 22.5;
      const cx = 40 + next() * (image.width - 80);
      const cy = 40 + next() * (image.height - 80);
      const ring = Array.from({ length: 16 }, (_, k): Position => {
        const angle = (2 * Math.PI * k) / 16;
        const rk = r * (0.85 + 0.3 * next());
        return [round1(cx + rk * Math.cos(angle)), round1(cy + rk * Math.sin(angle))];
      });
      chunk.push({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
        properties: {
          annotationType: 'Freehand',
          annotationClass: REGION_CLASSES[Math.floor(next() * REGION_CLASSES.length)]!,
          annotatedBy: 'bench',
        },
      });
    }
    yield chunk;
  }
}

/** `count` cell markers spread evenly over `image`, each of one class with a rating, in chunks. */
export function* markerChunks(
  next: () => number,
  count = MARKER_COUNT,
  image: ImageSize = IMAGE,
): Generator<CellMarkerInput[]> {
  for (let done = 0; done < count; done += CHUNK) {
    const chunk: CellMarkerInput[] = [];
    for (let i = done; i < Math.min(count, done + CHUNK); i++)
      chunk.push({
        type: 'Feature',
        geometry: {
          type: 'Point',
          coordinates: [round1(next() * image.width), round1(next() * image.height)],
        },
        properties: {
          classes: [
            {
              classId: MARKER_CLASSES[Math.floor(next() * MARKER_CLASSES.length)]!,
              rating: CELL_MARKER_RATINGS[Math.floor(next() * CELL_MARKER_RATINGS.length)]!,
            },
          ],
        },
      });
    yield chunk;
  }
}

// --- loading ------------------------------------------------------------------------------------------

/** Makes the user, project, slide and set, then every item through createItems. */
async function load(databaseUrl: string, dataDir: string): Promise<void> {
  const handle = openDatabase(databaseUrl);
  try {
    await migrateToLatest(handle.db);
    run(
      process.execPath,
      [
        path.join(ROOT, 'bin/tessera.js'),
        'user',
        'create',
        EMAIL,
        '--role',
        'systemSuperUser',
        '--password',
        PASSWORD,
      ],
      {
        TESSERA_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        TESSERA_LOG_LEVEL: 'warn',
      },
    );
    const db: Db = handle.db;
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const at = '2026-11-28T00:00:00.000Z';
    await db
      .insertInto('projects')
      .values({
        id: PROJECT_ID,
        name: 'Annotations benchmark',
        name_key: 'annotations benchmark',
        summary: 'bench/annotations.ts',
        folder_id: '',
        is_home: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const slideId = await insertMetadataSlide(db, {
      projectId: PROJECT_ID,
      fileName: 'bench-annotations.svs',
      checksum: 'b'.repeat(64),
      format: 'bench',
      createdBy: userId,
      values: {},
    });
    const { image_id } = await db
      .selectFrom('slides')
      .select('image_id')
      .where('id', '=', slideId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('images')
      .set({ image_info: JSON.stringify(IMAGE) })
      .where('id', '=', image_id)
      .execute();
    await insertSet(
      db,
      { id: SET_ID, image_id, name: 'Benchmark', created_by: userId, created_at: at },
      { project_id: PROJECT_ID, slide_id: slideId },
    );
    const set = {
      id: SET_ID,
      name: 'Benchmark',
      version: 1,
      slideId,
      imageSize: { w: IMAGE.width, h: IMAGE.height },
    };
    const next = createRandom(20261128);
    const t0 = performance.now();
    for (const chunk of regionChunks(next))
      await db.transaction().execute((tx) => createItems(tx, set, userId, chunk, []));
    log(`  ${REGION_COUNT} regions written in ${seconds(t0)}`);
    const t1 = performance.now();
    for (const chunk of markerChunks(next))
      await db.transaction().execute((tx) => createItems(tx, set, userId, [], chunk));
    log(`  ${MARKER_COUNT} markers written in ${seconds(t1)}`);
  } finally {
    await handle.close();
  }
}

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** The two databases of this version, written when missing (minutes, once). */
export async function ensureAnnotationDatabases(work: string): Promise<AnnotationDatabases> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const sqliteFile = path.join(CACHE_DIR, `annotations-${VERSION}.sqlite`);
  if (!existsSync(sqliteFile) || REGENERATE) {
    for (const f of readdirSync(CACHE_DIR))
      if (f.startsWith('annotations-')) rmSync(path.join(CACHE_DIR, f), { force: true });
    log(`sqlite: writing ${sqliteFile} …`);
    const partial = `${sqliteFile}.partial`;
    await load(partial, path.join(work, 'load-sqlite'));
    // Everything into the main file before it is renamed (the -wal file would not follow it).
    const db = new SQLite(partial);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    renameSync(partial, sqliteFile);
  }
  const pgUrl = databaseUrl(PG_DATABASE);
  if (!(await isMarked(PG_DATABASE, COMPLETE)) || REGENERATE) {
    await replaceDatabases('tessera_bench_annotations_', PG_DATABASE);
    log(`postgres: writing database ${PG_DATABASE} …`);
    await load(pgUrl, path.join(work, 'load-pg'));
    await withClient(pgUrl, async (c) => {
      for (const t of ['annotation_features', 'annotation_cell_markers'])
        await c.query(`VACUUM (ANALYZE) ${t}`);
    });
    await mark(PG_DATABASE, COMPLETE);
  }
  return { sqliteFile, pgUrl };
}
