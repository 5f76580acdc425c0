/**
 * SQL of the big reads of a set's region features: a viewport (the features whose box meets a box) and
 * the whole set, as the JSON text of the answer or as the columns of the binary transport.
 */
import { sql } from 'kysely';
import { isSqlite } from '../../db/dialect.ts';
import type { Db } from '../../db/database.ts';
import { selectArrays } from '../../db/array-rows.ts';

export type Box = { minX: number; minY: number; maxX: number; maxY: number };

/**
 * A slice of a viewport: the features whose box meets the viewport and whose top edge (min y) lies in
 * [from, to) — from the first slice's `from` (unbounded) to the last's `to` (the viewport's bottom,
 * included). Slices partition a viewport's features: each has exactly one top edge.
 */
interface Band {
  box: Box;
  from: number | undefined;
  to: number | undefined;
}

/**
 * FROM and WHERE of the set's region features alive in `version` (working state when undefined), all of
 * them or those of a band of a viewport: an R*Tree lookup on SQLite, the GiST index on PostgreSQL, both
 * led by the set (migration 0023), so other sets' boxes are never walked.
 */
function featuresOf(db: Db, setId: string, version: number | undefined, band: Band | undefined) {
  const alive =
    version === undefined
      ? sql`f.v_to IS NULL`
      : sql`f.v_from <= ${version} AND (f.v_to IS NULL OR f.v_to > ${version})`;
  if (!band) return sql`annotation_features f WHERE f.set_id = ${setId} AND ${alive}`;
  const { box, from, to } = band;
  if (isSqlite(db)) {
    // The band by the R*Tree's own top edges (32-bit floats, rounded outwards): each row has one.
    const top = sql`${from === undefined ? sql`` : sql`AND r.min_y >= ${from}`} ${to === undefined ? sql`` : sql`AND r.min_y < ${to}`}`;
    // CROSS JOIN keeps the R*Tree outermost: offered f.set_id, SQLite's planner would rather walk the
    // whole set by its item index and look each row up in the R*Tree (two seconds for 2,000 features).
    return sql`annotation_features_rtree r CROSS JOIN annotation_features f ON f.row_id = r.row_id
      WHERE r.min_set <= (SELECT spatial_key FROM annotation_sets WHERE id = ${setId})
        AND r.max_set >= (SELECT spatial_key FROM annotation_sets WHERE id = ${setId})
        AND r.max_x >= ${box.minX} AND r.min_x <= ${box.maxX} AND r.max_y >= ${box.minY} AND r.min_y <= ${box.maxY}
        ${top} AND f.set_id = ${setId} AND ${alive}`;
  }
  // The index finds the boxes meeting the band's strip of the viewport; the top edge then drops those
  // that belong to the band above (a few, the features across the line).
  const top = sql`${from === undefined ? sql`` : sql`AND f.min_y >= ${from}`} ${to === undefined ? sql`` : sql`AND f.min_y < ${to}`}`;
  const stripTop = from ?? box.minY;
  const stripBottom = to ?? box.maxY;
  return sql`annotation_features f
    WHERE f.set_id = ${setId}
      AND box(point(f.min_x, f.min_y), point(f.max_x, f.max_y)) && box(point(${box.minX}, ${stripTop}), point(${box.maxX}, ${stripBottom}))
      ${top} AND ${alive}`;
}

/*
 * A stored feature as the JSON text of a RegionAnnotation, joined by the database from three stored
 * texts without parsing them: the id, the geometry and the answer's properties (migration 0024). The text
 * before and after the geometry are two pieces, so an answer that replaces the geometry (thinned, a
 * centroid) keeps the same envelope; a full answer asks for one string, the whole text. JavaScript then
 * gets one string per feature rather than fourteen values: at 50,000 features the values and their
 * garbage were half of a viewport's time.
 */

/** `{"type":"Feature","id":"…","geometry":` */
const featureHead = sql<string>`'{"type":"Feature","id":"' || CAST(f.item_id AS text) || '","geometry":'`;

/** `,"properties":{…}}` */
const featureTail = sql<string>`',"properties":' || f.answer_properties || '}'`;

/**
 * What a read answers per feature, by kind (featureChunks), as arrays of values in this order — not
 * objects: at 50,000 rows of eight columns, better-sqlite3's objects took twice as long to make (200
 * against 105 ms). The item id comes first in each.
 */
export interface FeatureChunkRows {
  /** A feature's whole JSON text. */
  text: [itemId: number, text: string];
  /** A feature's JSON envelope around a geometry the caller writes, with what it is written from. */
  envelope: [itemId: number, head: string, tail: string, ...OutlineColumns];
  /** The binary transport's columns with the stored outline. */
  outline: [itemId: number, type: string, classId: string, isLocked: number, geometry: string];
  /** The binary transport's columns with the box, for centres (the outline is not read). */
  centre: [itemId: number, type: string, classId: string, isLocked: number, ...BoxColumns];
}
type BoxColumns = [minX: number, minY: number, maxX: number, maxY: number];
type OutlineColumns = [geometry: string, ...BoxColumns];

const BOX = sql`f.min_x, f.min_y, f.max_x, f.max_y`;
const REGION = sql`f.item_id, f.type, f.class_id, f.is_locked`;
const COLUMNS: { [K in keyof FeatureChunkRows]: ReturnType<typeof sql> } = {
  text: sql`f.item_id, ${featureHead} || f.geometry || ${featureTail} AS text`,
  envelope: sql`f.item_id, ${featureHead} AS head, ${featureTail} AS tail, f.geometry, ${BOX}`,
  outline: sql`${REGION}, f.geometry`,
  centre: sql`${REGION}, ${BOX}`,
};

/** Viewports up to this many square pixels are read at once; larger ones in bands of about this size. */
const BAND_AREA = 32_000_000;
const MAX_BANDS = 8;
/** Rows per read of a whole set. */
const SET_CHUNK = 20_000;

/** The bands a viewport is read in: strips of equal height, top to bottom. */
function bandsOf(box: Box): Band[] {
  const area = Math.max(0, box.maxX - box.minX) * Math.max(0, box.maxY - box.minY);
  const count = Math.min(MAX_BANDS, Math.max(1, Math.ceil(area / BAND_AREA)));
  const height = (box.maxY - box.minY) / count;
  return Array.from({ length: count }, (_, i) => ({
    box,
    from: i === 0 ? undefined : box.minY + i * height,
    to: i === count - 1 ? undefined : box.minY + (i + 1) * height,
  }));
}

/**
 * The set's region features in chunks, as `kind` says (FeatureChunkRows): the JSON text, whole or as an
 * envelope around a geometry to replace, or the columns of the binary transport with the outline or the
 * box. With `box`, those that
 * meet it, at most `limit` (the caller learns from one more whether there were more); without, the whole
 * set by item id.
 *
 * On SQLite a large viewport is read a band at a time, the next band's query running while this one's
 * rows are answered: the answer streams out as the database reads (a 50,000-feature viewport is 28 MB of
 * JSON, whose sending took as long as its reading). The bands are separate reads, not one snapshot: a
 * feature moved across a band's edge between two of them may be missing from this answer (the next
 * viewport shows it); one seen twice is answered once. A viewport's features come in the index's order,
 * not by item id (sorting them was a twentieth of the time; the viewer orders what it draws).
 */
export async function* featureChunks<K extends keyof FeatureChunkRows>(
  db: Db,
  setId: string,
  kind: K,
  options: { version?: number | undefined; box?: Box | undefined; limit: number },
): AsyncGenerator<FeatureChunkRows[K][]> {
  type Row = FeatureChunkRows[K];
  const columns = COLUMNS[kind];
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    (await selectArrays(db, query.compile(db))) as Row[];
  if (!options.box) {
    for (let after = 0; ; ) {
      const from = featuresOf(db, setId, options.version, undefined);
      const rows = await rowsOf(sql`SELECT ${columns} FROM ${from} AND f.item_id > ${after}
        ORDER BY f.item_id LIMIT ${SET_CHUNK}`);
      if (rows.length > 0) yield rows;
      if (rows.length < SET_CHUNK) return;
      after = Number(rows.at(-1)![0]);
    }
  }
  const read = (band: Band) => {
    const rows = rowsOf(
      sql`SELECT ${columns} FROM ${featuresOf(db, setId, options.version, band)} LIMIT ${options.limit}`,
    );
    // A band read ahead may never be awaited (enough rows, or the answer's reader went away): its
    // failure must not be an unhandled rejection. Awaited, it still throws.
    rows.catch(() => undefined);
    return rows;
  };
  // PostgreSQL sends rows as its backend makes them and pg parses them as they come: one read already
  // overlaps the database's work with ours, and eight cost a 50,000-feature viewport a fifth more
  // (270 against 220 ms). SQLite's reads are synchronous: bands are how its answer streams (210 against
  // 280 ms in one read).
  const bands = isSqlite(db) ? bandsOf(options.box) : [{ box: options.box, from: undefined, to: undefined }];
  const seen = new Set<number>();
  let left = options.limit;
  let next = read(bands[0]!);
  for (let i = 0; i < bands.length && left > 0; i++) {
    const rows = await next;
    if (i + 1 < bands.length) next = read(bands[i + 1]!);
    const fresh = rows.filter((row) => !seen.has(Number(row[0]))).slice(0, left);
    if (bands.length > 1) for (const row of fresh) seen.add(Number(row[0]));
    left -= fresh.length;
    if (fresh.length > 0) yield fresh;
  }
}
