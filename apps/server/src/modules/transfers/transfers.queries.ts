/** SQL of transfers: a project's slide with its stored files. */
import type { Db } from '../../db/database.ts';

export async function findTransferSlide(db: Db, projectId: string, slideId: string) {
  return db
    .selectFrom('slides')
    .innerJoin('images', 'images.id', 'slides.image_id')
    .select(['slides.id', 'slides.file_name', 'slides.name', 'images.storage_paths'])
    .where('slides.project_id', '=', projectId)
    .where('slides.id', '=', slideId)
    .executeTakeFirst();
}
