/**
 * Saving edits of a set's region annotations and cell markers (spec 2 §7 "Annotation editing"): batch
 * create, change, purge and (regions) lock, each one request and one transaction on the server. The
 * operation queue (features/viewer/annotations) is their one caller; it runs these one at a time. And a
 * region's metadata (spec 3 §5 Edit Metadata), read and saved by its dialog.
 */
import { useQuery } from '@tanstack/react-query';
import type { RegionAnnotation } from '@tessera/contract';
import { annotationEdits } from '@tessera/contract';
import type {
  AnnotationMetadataChange,
  CellMarkerClass,
  Geometry,
  MarkerSnapshot,
  Position,
  RegionSnapshot,
} from '@tessera/domain';
import { call } from './client.ts';

export interface EditedSet {
  projectId: string;
  setId: string;
}

/** A batch body: the features as one GeoJSON FeatureCollection. */
const collection = <T>(features: T[]) => ({ type: 'FeatureCollection' as const, features });

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
    body: collection(
      regions.map((r) => ({
        type: 'Feature' as const,
        ...(r.id ? { id: r.id } : {}),
        geometry: r.geometry,
        properties: { annotationType: r.type, annotationClass: r.classId, isLocked: r.isLocked },
      })),
    ),
  });
  return idsInOrder(answer.createdAnnotations);
}

/** The created ids in the order the request named the annotations. */
function idsInOrder(created: readonly { id: string; index: number }[]): string[] {
  const ids: string[] = [];
  for (const { id, index } of created) ids[index] = id;
  return ids;
}

/** Changes geometries or classes; answers the regions as they were. */
export async function updateRegions(
  set: EditedSet,
  changes: readonly { id: string; geometry?: Geometry; classId?: string }[],
): Promise<RegionSnapshot[]> {
  const answer = await call(annotationEdits.updateAnnotations, {
    params: set,
    body: collection(
      changes.map((c) => ({
        type: 'Feature' as const,
        id: c.id,
        ...(c.geometry ? { geometry: c.geometry } : {}),
        ...(c.classId ? { properties: { annotationClass: c.classId } } : {}),
      })),
    ),
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

type StoredMarker = {
  id: string;
  geometry: { coordinates: [number, number] };
  properties: { classes: CellMarkerClass[] };
};
const markerSnapshotOf = (m: StoredMarker): MarkerSnapshot => ({
  id: m.id,
  position: [m.geometry.coordinates[0], m.geometry.coordinates[1]],
  classes: m.properties.classes,
});

/** Creates cell markers; `id` brings a purged one back under its id. Answers the ids, in order. */
export async function createMarkers(
  set: EditedSet,
  markers: readonly (Omit<MarkerSnapshot, 'id'> & { id?: string | undefined })[],
): Promise<string[]> {
  const answer = await call(annotationEdits.createCellMarkers, {
    params: set,
    body: collection(
      markers.map((m) => ({
        type: 'Feature' as const,
        ...(m.id ? { id: m.id } : {}),
        geometry: { type: 'Point' as const, coordinates: m.position },
        properties: { classes: m.classes },
      })),
    ),
  });
  return idsInOrder(answer.createdAnnotations);
}

/** Moves markers or changes their classes; answers them as they were. */
export async function updateMarkers(
  set: EditedSet,
  changes: readonly { id: string; position: Position; classes: CellMarkerClass[] }[],
): Promise<MarkerSnapshot[]> {
  const answer = await call(annotationEdits.updateCellMarkers, {
    params: set,
    body: collection(
      changes.map((c) => ({
        type: 'Feature' as const,
        id: c.id,
        geometry: { type: 'Point' as const, coordinates: c.position },
        properties: { classes: c.classes },
      })),
    ),
  });
  return answer.originalAnnotations.map(markerSnapshotOf);
}

export async function purgeMarkers(set: EditedSet, ids: readonly string[]): Promise<MarkerSnapshot[]> {
  const answer = await call(annotationEdits.purgeCellMarkers, {
    params: set,
    body: { annotationIds: [...ids] },
  });
  return answer.deletedAnnotations.map(markerSnapshotOf);
}

/** The metadata of one region annotation of the set's working state (the Edit Metadata dialog). */
export function useAnnotationMetadata(set: EditedSet, annotationId: string) {
  return useQuery({
    queryKey: ['annotation-metadata', set.projectId, set.setId, annotationId],
    queryFn: () => call(annotationEdits.getAnnotationMetadata, { params: { ...set, annotationId } }),
    // Read afresh each time the dialog opens: another viewer may have changed it.
    gcTime: 0,
  });
}

/** Sets the fields named (null clears one to its default); answers the metadata as saved. */
export const saveAnnotationMetadata = (
  set: EditedSet,
  annotationId: string,
  change: AnnotationMetadataChange,
) => call(annotationEdits.updateAnnotationMetadata, { params: { ...set, annotationId }, body: change });
