/**
 * A region annotation's metadata (spec 3 §2, §5 "Edit Metadata"): the fields of annotation-metadata.ts
 * (domain), kept among the annotation's stored properties — so the GeoJSON export carries them, a made
 * version keeps the values it had, and a change is an edit of the working version like any other.
 */
import {
  ANNOTATION_METADATA_MESSAGES,
  hasEditableMetadata,
  metadataOf,
  VIEWER_MESSAGES,
  withMetadata,
} from '@tessera/domain';
import { ERROR_CODES, type annotationEdits, type RoutePart } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import type { ProjectScope } from '../../actor.ts';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import * as edits from './annotation-edits.queries.ts';
import { inSet } from './annotation-edits.service.ts';
import { linkedSetOf } from './annotation-sets.service.ts';

/** The annotation's live row; 404 'Annotation does not exist' when it is not in the set's working state. */
async function liveRegion(db: Db, setId: string, annotationId: string): Promise<edits.LiveFeature> {
  const [row] = await edits.findLive(db, 'annotation_features', setId, [Number(annotationId)]);
  if (!row) throw notFound(VIEWER_MESSAGES.annotationNotFound);
  return row;
}

const answerOf = (row: edits.LiveFeature) => ({
  annotationId: String(row.item_id),
  annotationClass: row.class_id,
  isEditable: hasEditableMetadata(row.class_id),
  metadata: metadataOf(JSON.parse(row.properties) as Record<string, unknown>),
});

export async function getAnnotationMetadata(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  annotationId: string,
) {
  const set = await linkedSetOf(ctx.db, project, setId);
  return answerOf(await liveRegion(ctx.db, set.id, annotationId));
}

export async function updateAnnotationMetadata(
  ctx: AppContext,
  project: ProjectScope,
  setId: string,
  annotationId: string,
  change: RoutePart<typeof annotationEdits.updateAnnotationMetadata, 'body'>,
) {
  return inSet(ctx, project, setId, async (tx, set) => {
    const row = await liveRegion(tx, set.id, annotationId);
    if (!hasEditableMetadata(row.class_id))
      throw conflict(ANNOTATION_METADATA_MESSAGES.notEditable, ERROR_CODES.metadataNotEditable);
    const properties = withMetadata(JSON.parse(row.properties) as Record<string, unknown>, change);
    const next = { properties: JSON.stringify(properties) };
    await edits.replaceItem(tx, 'annotation_features', set.version, row, next);
    return answerOf({ ...row, ...next });
  });
}
