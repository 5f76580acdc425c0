/**
 * The work of copying one slide into another project (run by the copy-slides job, a slide at a time),
 * in one transaction: the new slide row over the same image — the file's identity always, its metadata
 * (spec 1 §3 fields, list values, assays, and project fields the target has too) when asked —, then when
 * asked each annotation set shown on the slide as a new set of the same name on the new slide, with the
 * set's working annotations and the classes they use that the target lacks. A failure leaves the target
 * as it was; a file the target holds already is skipped and named.
 */
import { SLIDE_COPY_TEXTS, type SlideCopyReport } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import { sourceAnnotations } from '../annotations/annotation-copy.ts';
import { createItems } from '../annotations/annotation-writes.ts';
import { findSlideSets, insertSet } from '../annotations/annotation-sets.queries.ts';
import * as q from './slide-copy.queries.ts';

export interface SlideCopyPlan {
  projectId: string;
  targetProjectId: string;
  copyProjectMetadata: boolean;
  copyAnnotations: boolean;
  userId: string;
}

/** The columns that say which file a slide is: copied always, whatever copyProjectMetadata says. */
const FILE_COLUMNS = ['image_id', 'file_name', 'file_extension', 'checksum', 'name', 'status'] as const;

export async function copySlide(db: Db, plan: SlideCopyPlan, slideId: string): Promise<SlideCopyReport> {
  const report = (over: Partial<SlideCopyReport>): SlideCopyReport => ({
    slideId,
    fileName: '',
    outcome: 'failed',
    targetSlideId: null,
    reason: null,
    annotationSets: 0,
    ...over,
  });
  try {
    return await db.transaction().execute(async (tx) => {
      const source = await q.findSlideRow(tx, plan.projectId, slideId);
      if (!source) return report({ reason: SLIDE_COPY_TEXTS.slideNotInProject(slideId) });
      const fileName = source.file_name;
      const there = await q.findSlideIdByChecksum(tx, plan.targetProjectId, source.checksum);
      if (there)
        return report({
          fileName,
          outcome: 'skipped',
          targetSlideId: there,
          reason: SLIDE_COPY_TEXTS.alreadyInTarget,
        });
      const now = nowIso();
      const file = Object.fromEntries(FILE_COLUMNS.map((c) => [c, source[c]])) as Pick<
        q.StoredSlide,
        (typeof FILE_COLUMNS)[number]
      >;
      const copy: q.StoredSlide = {
        ...(plan.copyProjectMetadata ? source : (file as q.StoredSlide)),
        ...file,
        id: newId(),
        project_id: plan.targetProjectId,
        created_at: now,
        created_by: plan.userId,
        updated_at: now,
        // The source project's default set is not the target's.
        annotation_set_id: null,
      };
      await q.insertSlideRow(tx, copy);
      const to = { slideId: copy.id, projectId: plan.targetProjectId };
      if (plan.copyProjectMetadata) await q.copySideRows(tx, { slideId, projectId: plan.projectId }, to);
      const annotationSets = plan.copyAnnotations ? await copySets(tx, plan, slideId, copy) : 0;
      return report({ fileName, outcome: 'copied', targetSlideId: copy.id, annotationSets });
    });
  } catch (error) {
    // A database refusal (the slide or project deleted meanwhile, the file copied there meanwhile).
    return report({ reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Each set shown on the source slide, copied onto the new slide under its name; answers how many. */
async function copySets(
  db: Db,
  plan: SlideCopyPlan,
  slideId: string,
  copy: Pick<q.StoredSlide, 'id' | 'image_id'>,
): Promise<number> {
  const sets = await findSlideSets(db, slideId);
  for (const set of sets) {
    const annotations = await sourceAnnotations(db, { sourceSetId: set.id });
    const classIds = new Set([
      ...annotations.regions.map((r) => r.properties.annotationClass),
      ...annotations.markers.flatMap((m) => m.properties.classes.map((c) => c.classId)),
    ]);
    await q.addMissingClasses(db, plan.projectId, plan.targetProjectId, [...classIds]);
    const id = newId();
    await insertSet(
      db,
      { id, image_id: copy.image_id, name: set.name, created_by: plan.userId, created_at: nowIso() },
      { project_id: plan.targetProjectId, slide_id: copy.id },
    );
    await createItems(db, { id, version: 1 }, plan.userId, annotations.regions, annotations.markers);
  }
  return sets.length;
}
