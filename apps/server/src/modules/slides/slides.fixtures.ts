/**
 * Test fixture: slides with metadata inserted straight into the database (each with an image row of its
 * own, whose file is not needed by the table tests).
 */
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { newId } from '../../lib/ids.ts';
import { metadataColumns, withAssayIds, writeSideRows, type SlideMetadata } from './slide-metadata.queries.ts';

/** Inserts one slide per entry (fileName required; other fields by name) and answers their ids in order. */
export async function insertTestSlides(db: Db, projectId: string, slides: (SlideMetadata & { fileName: string })[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { fileName, ...metadata } of slides) {
    const id = newId();
    const checksum = newId() + newId() + newId().slice(0, 16);
    const now = nowIso();
    const imageId = newId();
    await db
      .insertInto('images')
      .values({ id: imageId, checksum, size: 1, storage_paths: '[]', format: 'test', image_info: '{}', created_at: now })
      .execute();
    const values = withAssayIds(metadata);
    await db
      .insertInto('slides')
      .values({
        id,
        project_id: projectId,
        image_id: imageId,
        file_name: fileName,
        file_extension: fileName.split('.').pop() ?? '',
        checksum,
        name: fileName.replace(/\.[^.]+$/, ''),
        created_at: now,
        updated_at: now,
        created_by: null,
        ...metadataColumns(values),
      })
      .execute();
    await writeSideRows(db, projectId, [{ id, values }]);
    ids.push(id);
  }
  return ids;
}
