/**
 * Saving edits of a set's region annotations (spec 2 §7 "Annotation editing"): batch create, change,
 * purge and lock, each one request and one transaction on the server. The operation queue
 * (features/viewer/annotations) is the one caller; it runs these one at a time.
 */
import type { RegionAnnotation } from '@tessera/contract';
import { annotationEdits } from '@tessera/contract';
import type { Geometry, RegionSnapshot } from '@tessera/domain';
import { call } from './client.ts';

export interface EditedSet {
  projectId: string;
  setId: string;
}

const snapshotOf = (a: RegionAnnotation): RegionSnapshot => ({
  id: a.id,
  geometry: a.geometry,
  classId: a.properties.annotationClass,
  type: a.properties.annotationType,
  isLocked: a.properties.isLocked,
});

/** Creates these regions; `id` brings a purged one back under its id. Answers the ids, in order. */
export async function createRegions(
  set: EditedSet,
  regions: readonly (Omit<RegionSnapshot, 'id'> & { id?: string | undefined })[],
): Promise<string[]> {
  const answer = await call(annotationEdits.createAnnotations, {
    params: set,
    body: {
      type: 'FeatureCollection',
      features: regions.map((r) => ({
        type: 'Feature' as const,
        ...(r.id ? { id: r.id } : {}),
        geometry: r.geometry,
        properties: { annotationType: r.type, annotationClass: r.classId, isLocked: r.isLocked },
      })),
    },
  });
  const ids: string[] = [];
  for (const created of answer.createdAnnotations) ids[created.index] = created.id;
  return ids;
}

/** Changes geometries or classes; answers the regions as they were. */
export async function updateRegions(
  set: EditedSet,
  changes: readonly { id: string; geometry?: Geometry; classId?: string }[],
): Promise<RegionSnapshot[]> {
  const answer = await call(annotationEdits.updateAnnotations, {
    params: set,
    body: {
      type: 'FeatureCollection',
      features: changes.map((c) => ({
        type: 'Feature' as const,
        id: c.id,
        ...(c.geometry ? { geometry: c.geometry } : {}),
        ...(c.classId ? { properties: { annotationClass: c.classId } } : {}),
      })),
    },
  });
  return answer.originalAnnotations.map(snapshotOf);
}

/** Deletes regions (the user has confirmed any FOV or ROI); answers them as they were. */
export async function purgeRegions(set: EditedSet, ids: readonly string[]): Promise<RegionSnapshot[]> {
  const answer = await call(annotationEdits.purgeAnnotations, {
    params: set,
    body: { annotationIds: [...ids], confirmed: true },
  });
  return answer.deletedAnnotations.map(snapshotOf);
}

export async function lockRegions(set: EditedSet, ids: readonly string[], locked: boolean): Promise<void> {
  await call(annotationEdits.lockAnnotations, { params: set, body: { annotationIds: [...ids], locked } });
}
