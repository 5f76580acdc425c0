/**
 * Writing new items into a set (region features and cell markers) and the rule that they lie on the
 * image: shared by the API's services, the copy job and the demo. Only the database, never the request:
 * jobs run it too.
 */
import {
  boundingBoxOf,
  isWithinImage,
  VIEWER_MESSAGES,
  type CellMarkerInput,
  type Geometry,
  type RegionFeatureInput,
} from '@tessera/domain';
import { ERROR_CODES } from '@tessera/contract';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { AppError, badRequest } from '../../errors.ts';
import * as items from './annotation-items.queries.ts';
import { findAuthors, type ItemTable } from './annotation-edits.queries.ts';

/** A set as the path's project sees it, with its image's size (annotations must lie on it). */
export interface LinkedSet {
  id: string;
  name: string;
  /** The working version. */
  version: number;
  /** The revision of the set's items as read (migration 0022): the working state changes with it. */
  revision: number;
  slideId: string;
  /** Null when the image's info cannot be read: the set can be read, not written. */
  imageSize: { w: number; h: number } | null;
}

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

export const markerValues = (marker: CellMarkerInput, itemId: number): items.MarkerValues => ({
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
  set: Pick<LinkedSet, 'id' | 'version'>,
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
