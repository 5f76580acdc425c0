/** SQL of equalization presets. Only this file (and db/) talks to the equalization_presets table. */
import type { Db } from '../../db/database.ts';

export type StoredScope = 'user' | 'project' | 'default';

export interface PresetRow {
  slide_id: string;
  scope: StoredScope;
  user_id: string | null;
  preset: string;
}

export interface SlideChannelsRow {
  id: string;
  image_id: string;
  format: string;
  image_info: string;
  /** JSON list of the image's files (channel statistics of older images are computed from them). */
  storage_paths: string;
  conversion_status: string;
}

/** A slide with what its channels need from its image. */
const selectSlideChannels = (db: Db) =>
  db
    .selectFrom('slides')
    .innerJoin('images', 'images.id', 'slides.image_id')
    .select([
      'slides.id as id',
      'images.id as image_id',
      'images.format as format',
      'images.image_info as image_info',
      'images.storage_paths as storage_paths',
      'images.conversion_status as conversion_status',
    ]);

/** The project's slides among `slideIds` with what their channels need (slides of other projects are left out). */
export async function findProjectSlides(
  db: Db,
  projectId: string,
  slideIds: readonly string[],
): Promise<SlideChannelsRow[]> {
  if (slideIds.length === 0) return [];
  return selectSlideChannels(db)
    .where('slides.project_id', '=', projectId)
    .where('slides.id', 'in', [...slideIds])
    .execute();
}

/** The slide with its image, found by id alone (for callers that checked the project already). */
export async function findSlideChannels(db: Db, slideId: string): Promise<SlideChannelsRow | undefined> {
  return selectSlideChannels(db).where('slides.id', '=', slideId).executeTakeFirst();
}

/** Every preset of the slide that can apply to `userId`: theirs, the project's and the default. */
export async function findPresetsFor(db: Db, slideId: string, userId: string): Promise<PresetRow[]> {
  return db
    .selectFrom('equalization_presets')
    .select(['slide_id', 'scope', 'user_id', 'preset'])
    .where('slide_id', '=', slideId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .execute();
}

/** Creates or replaces the one preset of (slide, scope, user); user_id is set only for scope 'user'. */
export async function upsertPreset(
  db: Db,
  row: {
    id: string;
    projectId: string;
    slideId: string;
    scope: StoredScope;
    userId: string | null;
    preset: string;
    updatedBy: string;
    now: string;
  },
): Promise<void> {
  const values = {
    id: row.id,
    project_id: row.projectId,
    slide_id: row.slideId,
    scope: row.scope,
    user_id: row.userId,
    preset: row.preset,
    updated_by: row.updatedBy,
    updated_at: row.now,
  };
  const update = { preset: row.preset, updated_by: row.updatedBy, updated_at: row.now };
  // The conflict target names the partial unique index that holds this row's key (see migration 0008).
  await db
    .insertInto('equalization_presets')
    .values(values)
    .onConflict((oc) =>
      row.userId === null
        ? oc.columns(['slide_id', 'scope']).where('user_id', 'is', null).doUpdateSet(update)
        : oc.columns(['slide_id', 'scope', 'user_id']).where('user_id', 'is not', null).doUpdateSet(update),
    )
    .execute();
}

/** Deletes the presets of one scope (and user) on the slides; answers the slide ids that had one. */
export async function deletePresets(
  db: Db,
  slideIds: readonly string[],
  scope: StoredScope,
  userId: string | null,
): Promise<string[]> {
  if (slideIds.length === 0) return [];
  let query = db
    .deleteFrom('equalization_presets')
    .where('slide_id', 'in', [...slideIds])
    .where('scope', '=', scope);
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const deleted = await query.returning('slide_id').execute();
  return deleted.map((r) => r.slide_id);
}
