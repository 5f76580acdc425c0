/** SQL of label extract: a project's slide with what the job compares and writes. */
import type { Db } from '../../db/database.ts';

export async function findLabelSlide(db: Db, projectId: string, slideId: string) {
  return db
    .selectFrom('slides')
    .select([
      'id',
      'file_name',
      'image_id',
      'study_id',
      'block_id',
      'updated_at',
      'editable_fields',
      'can_edit_slide_fields',
      'can_edit_project_fields',
    ])
    .where('project_id', '=', projectId)
    .where('id', '=', slideId)
    .executeTakeFirst();
}
