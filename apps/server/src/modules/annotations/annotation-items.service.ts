/**
 * A set's annotations (spec 2 §7 "Annotation loading"; issue #13 point 6): reading its region features
 * and cell markers (working state or a version), and QuPath GeoJSON in and out. Geometry, classes and
 * the QuPath mapping are the domain's; here they meet the rows. Every write is one transaction.
 */
import {
  annotationUuid,
  boundingBoxOf,
  fromQuPathGeoJson,
  isWithinImage,
  toQuPathFeature,
  type CellMarkerClass,
  type CellMarkerInput,
  type Geometry,
  type QuPathCollection,
  type RegionFeatureInput,
  VIEWER_MESSAGES,
  boxCentre,
  simplifyGeometry,
  type AnnotationDetail,
  type Box,
  encodeCellMarkers,
  encodeRegions,
  MAX_VIEWPORT_FEATURES,
  type RegionAnnotationType,
} from '@tessera/domain';
import { ERROR_CODES, type RegionAnnotation } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { Actor, ProjectScope } from '../../actor.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../errors.ts';
import { JsonText } from '../../lib/json-text.ts';
import * as items from './annotation-items.queries.ts';
import { findAuthors, type ItemTable } from './annotation-edits.queries.ts';
import { checkVersion, linkedSetOf, projectClasses, type LinkedSet } from './annotation-sets.service.ts';

/** Properties kept in columns; the rest of a feature's properties are stored as they came. */
const COLUMN_PROPERTIES = [
  'annotationType',
  'annotationClass',
  'index',
  'count',
  'isLocked',
  'createdAt',
] as const;

export function featureValues(feature: RegionFeatureInput, itemId: number): items.FeatureValues {
  const box = boundingBoxOf(feature.geometry);
  const properties: Record<string, unknown> = { ...feature.properties };
  for (const key of COLUMN_PROPERTIES) delete properties[key];
  // Always there, so the text of an answer (featureText) never needs to add it.
  properties.annotatedBy = feature.properties.annotatedBy ?? null;
  return {
    item_id: itemId,
    type: feature.properties.annotationType,
    class_id: feature.properties.annotationClass,
    geometry: JSON.stringify(feature.geometry),
    min_x: box.minX,
    min_y: box.minY,
    max_x: box.maxX,
    max_y: box.maxY,
    item_index: feature.properties.index ?? null,
    item_count: feature.properties.count ?? null,
    is_locked: feature.properties.isLocked ? 1 : 0,
    properties: JSON.stringify(properties),
  };
}

const markerValues = (marker: CellMarkerInput, itemId: number): items.MarkerValues => ({
  item_id: itemId,
  x: marker.geometry.coordinates[0],
  y: marker.geometry.coordinates[1],
  classes: JSON.stringify(marker.properties.classes),
});

/** 400 ANNOTATION_OUTSIDE_IMAGE for the first geometry not on the slide: nothing is written then. */
export function checkOnImage(set: LinkedSet, geometries: Iterable<Geometry>): void {
  const size = set.imageSize;
  if (!size) throw new AppError(409, ERROR_CODES.imageInfoUnavailable, VIEWER_MESSAGES.imageInfoUnavailable);
  let n = 0;
  for (const geometry of geometries) {
    n++;
    if (!isWithinImage(boundingBoxOf(geometry), size))
      throw badRequest(
        `Annotation ${n} lies outside the slide (${size.w} × ${size.h} pixels)`,
        ERROR_CODES.annotationOutsideImage,
      );
  }
}

/** Items to create; one with an id restores that purged item of the set under its own id. */
type New<T> = T & { id?: string | undefined };

/**
 * Creates regions and markers in the set's working version, in the caller's transaction; new ids are
 * handed out for those that name none. Answers every item's id, in the order given.
 */
export async function createItems(
  db: Db,
  set: LinkedSet,
  userId: string,
  regions: readonly New<RegionFeatureInput>[],
  markers: readonly New<CellMarkerInput>[],
): Promise<{ regionIds: number[]; markerIds: number[] }> {
  const fresh = [...regions, ...markers].filter((item) => item.id === undefined).length;
  let next = fresh > 0 ? await items.allocateItemIds(db, set.id, fresh) : 0;
  const idOf = (item: { id?: string | undefined }) => (item.id === undefined ? next++ : Number(item.id));
  const regionIds = regions.map(idOf);
  const markerIds = markers.map(idOf);
  const author = { created_by: userId, created_at: nowIso() };
  // A restored item keeps who made it and when.
  const restoredAuthors = async (table: ItemTable, all: readonly { id?: string | undefined }[]) =>
    findAuthors(
      db,
      table,
      set.id,
      all.flatMap((item) => (item.id === undefined ? [] : [Number(item.id)])),
    );
  const regionAuthors = await restoredAuthors('annotation_features', regions);
  const markerAuthors = await restoredAuthors('annotation_cell_markers', markers);
  const target = { id: set.id, version: set.version };
  await items.insertItems(
    db,
    'annotation_features',
    target,
    author,
    regions.map((f, i) => ({ ...featureValues(f, regionIds[i]!), ...regionAuthors.get(regionIds[i]!) })),
  );
  await items.insertItems(
    db,
    'annotation_cell_markers',
    target,
    author,
    markers.map((m, i) => ({ ...markerValues(m, markerIds[i]!), ...markerAuthors.get(markerIds[i]!) })),
  );
  return { regionIds, markerIds };
}

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
    const now = await linkedSetOf(tx, project, setId);
    await createItems(tx, now, actor.userId, read.regions, read.markers);
  });
  return {
    created: read.regions.length + read.markers.length,
    skipped: read.skipped,
    messages: read.messages,
  };
}

export function regionOf(row: items.FeatureRow): RegionAnnotation {
  const properties = JSON.parse(row.properties) as Record<string, unknown>;
  return {
    type: 'Feature',
    id: String(row.item_id),
    geometry: JSON.parse(row.geometry) as Geometry,
    properties: {
      ...properties,
      annotationType: row.type as RegionAnnotation['properties']['annotationType'],
      annotationClass: row.class_id,
      index: row.item_index,
      count: row.item_count,
      isLocked: row.is_locked === 1,
      annotatedBy: typeof properties.annotatedBy === 'string' ? properties.annotatedBy : null,
      createdAt: row.created_at,
    },
  };
}

export const markerOf = (row: items.MarkerRow) => ({
  type: 'Feature' as const,
  id: String(row.item_id),
  geometry: { type: 'Point' as const, coordinates: [row.x, row.y] as [number, number] },
  properties: { classes: JSON.parse(row.classes) as CellMarkerClass[] },
});

/**
 * A stored feature as the JSON text of a RegionAnnotation, written around the stored geometry and
 * properties text without parsing them (the column values are checked on write; the properties hold
 * no key of the columns', featureValues). `geometry` replaces the stored one (thinned, a centroid).
 */
function featureText(row: items.FeatureRow, geometry: string = row.geometry): string {
  const extras = row.properties.length > 2 ? `,${row.properties.slice(1, -1)}` : '';
  return (
    `{"type":"Feature","id":"${row.item_id}","geometry":${geometry},"properties":{` +
    `"annotationType":${JSON.stringify(row.type)},"annotationClass":${JSON.stringify(row.class_id)},` +
    `"index":${row.item_index ?? 'null'},"count":${row.item_count ?? 'null'},` +
    `"isLocked":${row.is_locked === 1},"createdAt":${JSON.stringify(row.created_at)}${extras}}}`
  );
}

function geometryText(row: items.FeatureRow, detail: AnnotationDetail, tolerance: number): string {
  if (detail === 'centroid')
    return JSON.stringify({
      type: 'Point',
      coordinates: boxCentre({ minX: row.min_x, minY: row.min_y, maxX: row.max_x, maxY: row.max_y }),
    });
  if (detail === 'simplified')
    return JSON.stringify(simplifyGeometry(JSON.parse(row.geometry) as Geometry, tolerance));
  return row.geometry;
}

export async function getFeatures(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  query: {
    version?: number | undefined;
    bbox?: Box | undefined;
    detail: AnnotationDetail;
    tolerance: number;
    limit: number;
  },
): Promise<JsonText> {
  const set = await linkedSetOf(ctx.db, project, setId);
  await checkVersion(ctx.db, set, query.version);
  // One more than asked: whether there were more is then known without counting them.
  const rows = query.bbox
    ? await items.findFeaturesInBox(ctx.db, set.id, query.version, query.bbox, query.limit + 1)
    : await items.findFeatures(ctx.db, set.id, query.version);
  const truncated = rows.length > query.limit;
  const shown = truncated ? rows.slice(0, query.limit) : rows;
  const features = shown.map((row) => featureText(row, geometryText(row, query.detail, query.tolerance)));
  const tail = query.bbox ? `,"truncated":${truncated}` : '';
  return new JsonText(`{"type":"FeatureCollection","features":[${features.join(',')}]${tail}}`);
}

export async function getCellMarkers(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  version?: number,
) {
  const set = await linkedSetOf(ctx.db, project, setId);
  await checkVersion(ctx.db, set, version);
  const rows = await items.findMarkers(ctx.db, set.id, version);
  return { type: 'FeatureCollection' as const, features: rows.map(markerOf) };
}

/** The set (or one version) as QuPath GeoJSON: regions, then cell markers as points. */
export async function exportGeoJson(ctx: AppContext, project: ProjectScope, setId: string, version?: number) {
  const set = await linkedSetOf(ctx.db, project, setId);
  await checkVersion(ctx.db, set, version);
  const classes = new Map((await projectClasses(ctx.db, project.id)).map((c) => [c.classId, c]));
  const regions = (await items.findFeatures(ctx.db, set.id, version)).map((row) => {
    const region = regionOf(row);
    const { annotationType, annotationClass, isLocked, ...rest } = region.properties;
    // createdAt is the row's, not the feature's; unset index, count and author are left out.
    const properties = Object.fromEntries(
      Object.entries(rest).filter(([key, value]) => key !== 'createdAt' && value !== null),
    );
    return toQuPathFeature(
      {
        uuid: annotationUuid(set.id, region.id),
        geometry: region.geometry,
        classId: annotationClass,
        isLocked,
        annotationType,
        properties,
      },
      classes,
    );
  });
  const markers = (await items.findMarkers(ctx.db, set.id, version)).map((row) => {
    const marker = markerOf(row);
    return toQuPathFeature(
      {
        uuid: annotationUuid(set.id, marker.id),
        geometry: marker.geometry,
        classId: marker.properties.classes[0]!.classId,
        isLocked: false,
        annotationType: 'Cma',
        properties: {},
        classes: marker.properties.classes,
      },
      classes,
    );
  });
  return { type: 'FeatureCollection' as const, features: [...regions, ...markers] };
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

export async function getCellMarkersBinary(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  version?: number,
) {
  const set = await linkedSetOf(ctx.db, project, setId);
  await checkVersion(ctx.db, set, version);
  const classesOf = classesReader();
  const rows = await items.findMarkers(ctx.db, set.id, version);
  const buffer = encodeCellMarkers(
    rows.map((row) => ({ id: row.item_id, x: row.x, y: row.y, classes: classesOf(row.classes) })),
  );
  return new Uint8Array(buffer);
}

export async function getFeaturesBinary(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  query: { version?: number | undefined; bbox?: Box | undefined },
) {
  const set = await linkedSetOf(ctx.db, project, setId);
  await checkVersion(ctx.db, set, query.version);
  const rows = query.bbox
    ? await items.findFeaturesInBox(ctx.db, set.id, query.version, query.bbox, MAX_VIEWPORT_FEATURES)
    : await items.findFeatures(ctx.db, set.id, query.version);
  const buffer = encodeRegions(
    rows.map((row) => ({
      id: row.item_id,
      classId: row.class_id,
      type: row.type as RegionAnnotationType,
      isLocked: row.is_locked === 1,
      geometry: JSON.parse(row.geometry) as Geometry,
    })),
  );
  return new Uint8Array(buffer);
}
