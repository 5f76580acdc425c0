/**
 * Fix Annotations (spec 2 §4 "Invalid annotations"): the set's unlocked regions read as stored, repaired
 * by the domain's rules (jsts, loaded only now), and the outcome sent through the operation queue — new
 * geometries, the extra parts as new regions of the same class, those too small deleted — so it can be
 * undone like any edit. Answers the report.
 */
import { repairReport, type RegionSnapshot } from '@tessera/domain';
import type { RegionAnnotation } from '@tessera/contract';
import { fetchSetRegions, type ShownSet } from '../../../api/annotation-sets.ts';
import type { OperationQueue } from './operation-queue.ts';

const snapshotOf = (r: RegionAnnotation): RegionSnapshot => ({
  id: r.id,
  geometry: r.geometry,
  classId: r.properties.annotationClass,
  type: r.properties.annotationType,
  isLocked: r.properties.isLocked,
});

export async function fixAnnotations(set: ShownSet, queue: OperationQueue): Promise<string> {
  const regions = (await fetchSetRegions(set)).filter((r) => !r.properties.isLocked).map(snapshotOf);
  const { repairFeatures } = await import('@tessera/domain/annotation-repair');
  const { fixed, created, toDelete } = repairFeatures(regions);
  const at = (i: number) => regions[i]!;
  if (fixed.length > 0)
    queue.updateGeometries({
      kind: 'updateGeometries',
      changes: fixed.map(({ index, geometry }) => ({
        id: at(index).id,
        before: at(index).geometry,
        after: geometry,
      })),
    });
  if (created.length > 0)
    queue.add(
      created.map(({ from, geometry }) => ({
        classId: at(from).classId,
        type: at(from).type,
        geometry,
        isLocked: false,
      })),
    );
  queue.deleteRegions(toDelete.map(at));
  return repairReport(fixed.length, created.length, toDelete.length);
}
