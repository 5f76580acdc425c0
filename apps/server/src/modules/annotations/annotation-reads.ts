/**
 * Stored items as the API answers them: objects (edits answer the originals) and, for big answers, JSON
 * text written around the stored geometry and properties without parsing them.
 */
import type { AnnotationDetail, CellMarkerClass, Geometry } from '@tessera/domain';
import { boxCentre, simplifyGeometry } from '@tessera/domain';
import type { RegionAnnotation } from '@tessera/contract';
import type * as items from './annotation-items.queries.ts';

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
export function featureText(row: items.FeatureRow, geometry: string = row.geometry): string {
  const extras = row.properties.length > 2 ? `,${row.properties.slice(1, -1)}` : '';
  return (
    `{"type":"Feature","id":"${row.item_id}","geometry":${geometry},"properties":{` +
    `"annotationType":${JSON.stringify(row.type)},"annotationClass":${JSON.stringify(row.class_id)},` +
    `"index":${row.item_index ?? 'null'},"count":${row.item_count ?? 'null'},` +
    `"isLocked":${row.is_locked === 1},"createdAt":${JSON.stringify(row.created_at)}${extras}}}`
  );
}

export function geometryText(row: items.FeatureRow, detail: AnnotationDetail, tolerance: number): string {
  if (detail === 'centroid')
    return JSON.stringify({
      type: 'Point',
      coordinates: boxCentre({ minX: row.min_x, minY: row.min_y, maxX: row.max_x, maxY: row.max_y }),
    });
  if (detail === 'simplified')
    return JSON.stringify(simplifyGeometry(JSON.parse(row.geometry) as Geometry, tolerance));
  return row.geometry;
}
