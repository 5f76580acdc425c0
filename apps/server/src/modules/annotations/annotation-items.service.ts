/**
 * A set's annotations (spec 2 §7 "Annotation loading"; issue #13 point 6): reading its region features
 * and cell markers (working state or a version), and QuPath GeoJSON in and out. Geometry, classes and
 * the QuPath mapping are the domain's; here they meet the rows. Every write is one transaction.
 */
import {
  CellMarkerCollector,
  fromQuPathGeoJson,
  RegionCollector,
  type AnnotationDetail,
  type Box,
  type CellMarkerClass,
  type QuPathCollection,
  boxCentre,
  type RegionAnnotationType,
} from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { JsonText } from '../../lib/json-text.ts';
import type { FeatureChunkRows } from './annotation-viewport.queries.ts';
import * as items from './annotation-items.queries.ts';
import * as viewport from './annotation-viewport.queries.ts';
import { linkedSetOf, lockedSetOf, readableSetOf } from './annotation-sets.service.ts';
import { checkOnImage, createItems } from './annotation-writes.ts';
import { geometryText, markerOf, outlineAt, projectClasses } from './annotation-reads.ts';
import { qupathFeatures } from './annotation-export.ts';
import { answerKey } from './annotation-answers.ts';

export async function importGeoJson(
  ctx: AppContext,
  project: ProjectScope,
  actor: Actor,
  setId: string,
  collection: QuPathCollection,
): Promise<{ created: number; skipped: number; messages: string[] }> {
  const set = await linkedSetOf(ctx.db, project, setId);
  const read = fromQuPathGeoJson(collection, await projectClasses(ctx.db, project.id));
  checkOnImage(set, [...read.regions.map((r) => r.geometry), ...read.markers.map((m) => m.geometry)]);
  await ctx.db.transaction().execute(async (tx) => {
    // The working version as the transaction sees it: a version made meanwhile moved it on.
    const now = await lockedSetOf(tx, project, setId);
    await createItems(tx, now, actor.userId, read.regions, read.markers);
  });
  return {
    created: read.regions.length + read.markers.length,
    skipped: read.skipped,
    messages: read.messages,
  };
}

/** Which region features a read answers and at what detail (the contract's FeaturesQuery, parsed). */
interface FeaturesQuery {
  version?: number | undefined;
  bbox?: Box | undefined;
  detail: AnnotationDetail;
  tolerance: number;
  limit: number;
}

export async function getFeatures(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  query: FeaturesQuery,
): Promise<JsonText> {
  const set = await readableSetOf(ctx.db, project, setId, query.version);
  // One more than asked: whether there were more is then known without counting them.
  const read = { version: query.version, box: query.bbox, limit: query.limit + 1 };
  // At full detail the database writes each feature's whole text; otherwise its envelope, and the
  // geometry at that detail is written here.
  const chunks = await readingStarted<FeatureChunkRows['text'][]>(
    query.detail === 'full'
      ? viewport.featureChunks(ctx.db, set.id, 'text', read)
      : envelopedChunks(viewport.featureChunks(ctx.db, set.id, 'envelope', read), query),
  );
  return new JsonText(
    (async function* () {
      yield ['{"type":"FeatureCollection","features":['];
      let count = 0;
      let truncated = false;
      for await (const rows of chunks) {
        const parts: string[] = [];
        for (const row of rows) {
          // Only a viewport is cut short; the whole set comes whole.
          if (query.bbox && count === query.limit) {
            truncated = true;
            break;
          }
          parts.push(count++ === 0 ? row[1] : ',' + row[1]);
        }
        yield parts;
        if (truncated) break;
      }
      yield [query.bbox ? `],"truncated":${truncated}}` : ']}'];
    })(),
  );
}

async function* envelopedChunks(
  chunks: AsyncGenerator<FeatureChunkRows['envelope'][]>,
  { detail, tolerance }: { detail: AnnotationDetail; tolerance: number },
) {
  for await (const rows of chunks)
    yield rows.map(([itemId, head, tail, geometry, minX, minY, maxX, maxY]): FeatureChunkRows['text'] => [
      itemId,
      head + geometryText({ geometry, minX, minY, maxX, maxY }, detail, tolerance) + tail,
    ]);
}

/**
 * `chunks` with its first chunk read now, before the answer starts: a failure there is the request's
 * (an error answer), not a 200 cut short.
 */
async function readingStarted<T>(chunks: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await chunks.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  })();
}

export async function getCellMarkers(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  version?: number,
) {
  const set = await readableSetOf(ctx.db, project, setId, version);
  const rows = await items.findMarkers(ctx.db, set.id, version);
  return { type: 'FeatureCollection' as const, features: rows.map(markerOf) };
}

/** The set (or one version) as QuPath GeoJSON: regions, then cell markers as points. */
export async function exportGeoJson(ctx: AppContext, project: ProjectScope, setId: string, version?: number) {
  const set = await readableSetOf(ctx.db, project, setId, version);
  return {
    type: 'FeatureCollection' as const,
    features: await qupathFeatures(ctx.db, project.id, set.id, version),
  };
}

/** Parses each distinct classes text once: a million markers share a handful of class lists. */
function classesReader(): (text: string) => CellMarkerClass[] {
  const seen = new Map<string, CellMarkerClass[]>();
  return (text) => {
    let classes = seen.get(text);
    if (!classes) seen.set(text, (classes = JSON.parse(text) as CellMarkerClass[]));
    return classes;
  };
}

/** The markers as typed arrays (binary-transport.ts), kept while the set's items do not change. */
export async function getCellMarkersBinary(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  version?: number,
): Promise<Uint8Array> {
  const set = await readableSetOf(ctx.db, project, setId, version);
  return ctx.annotationAnswers.get(answerKey('cell-markers', set, version), async () => {
    const collector = new CellMarkerCollector();
    const classesOf = classesReader();
    for await (const rows of items.markerChunks(ctx.db, set.id, version))
      for (const [id, x, y, classes] of rows) collector.add(Number(id), x, y, classesOf(classes));
    return new Uint8Array(collector.encode());
  });
}

/**
 * The features getFeatures answers for the same query, as typed arrays (binary-transport.ts): what the
 * viewer draws from, without a line of JSON on either side.
 */
export async function getFeaturesBinary(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  query: FeaturesQuery,
): Promise<Uint8Array> {
  const set = await readableSetOf(ctx.db, project, setId, query.version);
  const read = { version: query.version, box: query.bbox, limit: query.limit + 1 };
  const regions = new RegionCollector();
  const tolerance = query.detail === 'simplified' ? query.tolerance : undefined;
  const isFull = query.bbox === undefined;
  let truncated = false;
  const take = () => {
    // Only a viewport is cut short; the whole set comes whole.
    if (isFull || regions.count < query.limit) return true;
    truncated = true;
    return false;
  };
  if (query.detail === 'centroid') {
    for await (const rows of viewport.featureChunks(ctx.db, set.id, 'centre', read)) {
      for (const [itemId, type, classId, locked, minX, minY, maxX, maxY] of rows) {
        if (!take()) break;
        const [x, y] = boxCentre({ minX, minY, maxX, maxY });
        regions.addPoint(Number(itemId), classId, type as RegionAnnotationType, locked === 1, x, y);
      }
      if (truncated) break;
    }
  } else {
    for await (const rows of viewport.featureChunks(ctx.db, set.id, 'outline', read)) {
      for (const [itemId, type, classId, locked, geometry] of rows) {
        if (!take()) break;
        const region = {
          id: Number(itemId),
          classId,
          type: type as RegionAnnotationType,
          isLocked: locked === 1,
        };
        // A text the fast reader does not know is parsed.
        if (!regions.addText(region.id, classId, region.type, region.isLocked, geometry, tolerance))
          regions.add({ ...region, geometry: outlineAt(geometry, tolerance) });
      }
      if (truncated) break;
    }
  }
  return new Uint8Array(regions.encode({ truncated }));
}
