/**
 * The work of copying a set's annotations to other slides (spec 2 §4 "Annotation-copy wizard"), run by
 * the copy-annotations job: for each target slide, in a transaction of its own, find the set of the
 * target name on that slide (or make it, unless skipCopyIfTargetSetMissing) and add copies of the source
 * set's working annotations of the chosen classes, under new ids, at the same image coordinates. A slide
 * whose image cannot hold them (an annotation would lie outside it) or that went away fails alone.
 */
import { boundingBoxOf, isWithinImage, type CellMarkerInput, type RegionFeatureInput } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import * as items from './annotation-items.queries.ts';
import * as sets from './annotation-sets.queries.ts';
import { createItems } from './annotation-writes.ts';

export interface CopyPlan {
  projectId: string;
  sourceSetId: string;
  targetSetName: string;
  targetSlideIds: readonly string[];
  classIds?: readonly string[] | undefined;
  skipIfTargetSetMissing: boolean;
  userId: string;
}

export type SlideOutcome = { outcome: 'copied' | 'skipped' } | { outcome: 'failed'; reason: string };

/** The source set's annotations of the chosen classes, as inputs to create again elsewhere. */
export async function sourceAnnotations(db: Db, plan: Pick<CopyPlan, 'sourceSetId' | 'classIds'>) {
  const keep = (classId: string) => !plan.classIds || plan.classIds.includes(classId);
  const regions: RegionFeatureInput[] = (await items.findFeatures(db, plan.sourceSetId))
    .filter((row) => keep(row.class_id))
    .map((row) => ({
      type: 'Feature',
      geometry: JSON.parse(row.geometry) as RegionFeatureInput['geometry'],
      properties: {
        ...(JSON.parse(row.properties) as Record<string, unknown>),
        annotationType: row.type as RegionFeatureInput['properties']['annotationType'],
        annotationClass: row.class_id,
        index: row.item_index,
        count: row.item_count,
        isLocked: row.is_locked === 1,
      },
    }));
  const markers: CellMarkerInput[] = [];
  for (const row of await items.findMarkers(db, plan.sourceSetId)) {
    const classes = (JSON.parse(row.classes) as CellMarkerInput['properties']['classes']).filter((c) =>
      keep(c.classId),
    );
    if (classes.length > 0)
      markers.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [row.x, row.y] },
        properties: { classes },
      });
  }
  return { regions, markers };
}

/** Copies the annotations onto one slide, in one transaction; a failure leaves that slide as it was. */
export async function copyToSlide(
  db: Db,
  plan: CopyPlan,
  slideId: string,
  annotations: Awaited<ReturnType<typeof sourceAnnotations>>,
): Promise<SlideOutcome> {
  try {
    return await db.transaction().execute(async (tx) => {
      const slide = await sets.findSlideImage(tx, plan.projectId, slideId);
      if (!slide) return failed('the slide is not in the project');
      const info = JSON.parse(slide.image_info) as { width?: number; height?: number };
      if (!info.width || !info.height) return failed("the slide's image size is unknown");
      const size = { w: info.width, h: info.height };
      const geometries = [
        ...annotations.regions.map((r) => r.geometry),
        ...annotations.markers.map((m) => m.geometry),
      ];
      if (!geometries.every((g) => isWithinImage(boundingBoxOf(g), size)))
        return failed(`an annotation lies outside its image (${size.w} × ${size.h} pixels)`);
      const existing = (await sets.findSlideSets(tx, slideId)).find((s) => s.name === plan.targetSetName);
      if (!existing && plan.skipIfTargetSetMissing) return { outcome: 'skipped' } as const;
      if (existing) await sets.lockSet(tx, existing.id);
      // The version as it is under the lock: one made meanwhile moved it on.
      const locked = existing && (await sets.findLinkedSet(tx, plan.projectId, existing.id));
      let target = locked && { id: locked.id, version: locked.version };
      if (!target) {
        const id = newId();
        await sets.insertSet(
          tx,
          {
            id,
            image_id: slide.image_id,
            name: plan.targetSetName,
            created_by: plan.userId,
            created_at: nowIso(),
          },
          { project_id: plan.projectId, slide_id: slideId },
        );
        target = { id, version: 1 };
      }
      const set = { ...target, name: plan.targetSetName, slideId, imageSize: size };
      await createItems(tx, set, plan.userId, annotations.regions, annotations.markers);
      return { outcome: 'copied' } as const;
    });
  } catch (error) {
    // A database refusal (the slide deleted meanwhile, a set of the name made by someone else): this slide fails.
    return failed(error instanceof Error ? error.message : String(error));
  }
}

const failed = (reason: string): SlideOutcome => ({ outcome: 'failed', reason });
