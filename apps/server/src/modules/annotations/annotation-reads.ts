/**
 * Stored items as the API answers them: objects (edits answer the originals) and, for big answers, the
 * geometry at a level of detail (the database writes the rest of the text: findFeatureTexts), and the
 * project's classes.
 */
import type { AnnotationClass, AnnotationDetail, Box, CellMarkerClass, Geometry } from '@tessera/domain';
import { boxCentre, DEFAULT_PROJECT_CLASSES, simplifyGeometry } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import type { RegionAnnotation } from '@tessera/contract';
import type * as items from './annotation-items.queries.ts';
import { findClasses } from './annotation-sets.queries.ts';

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

/** A stored outline (its JSON text) as parsed, or thinned to `tolerance` (level of detail). */
export function outlineAt(text: string, tolerance?: number): Geometry {
  const stored = JSON.parse(text) as Geometry;
  return tolerance === undefined ? stored : simplifyGeometry(stored, tolerance);
}

/**
 * The geometry an answer shows at `detail`, as JSON text: as stored (the text itself, nothing parsed),
 * thinned to `tolerance`, or the box's centre.
 */
export function geometryText(
  row: { geometry: string } & Box,
  detail: AnnotationDetail,
  tolerance: number,
): string {
  if (detail === 'centroid') return JSON.stringify({ type: 'Point', coordinates: boxCentre(row) });
  return detail === 'simplified' ? JSON.stringify(outlineAt(row.geometry, tolerance)) : row.geometry;
}

/** The project's classes: those it stored, else the default list (DEFAULT_PROJECT_CLASSES). */
export async function projectClasses(db: Db, projectId: string): Promise<AnnotationClass[]> {
  const rows = await findClasses(db, projectId);
  if (rows.length === 0) return [...DEFAULT_PROJECT_CLASSES];
  return rows.map((row) => ({
    classId: row.class_id,
    name: row.name,
    color: row.color,
    type: row.type === 'cma' ? 'cma' : 'freehand',
  }));
}
