/**
 * Test fixture: slides with metadata inserted straight into the database (each with an image row of its
 * own, whose file is not needed by the table tests).
 */
import type { Db } from '../src/db/database.ts';
import { newId } from '../src/lib/ids.ts';
import { insertMetadataSlide, type SlideMetadata } from '../src/modules/slides/slide-metadata.queries.ts';

/** Inserts one slide per entry (fileName required; other fields by name) and answers their ids in order. */
export async function insertTestSlides(
  db: Db,
  projectId: string,
  slides: (SlideMetadata & { fileName: string })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const { fileName, ...values } of slides) {
    ids.push(
      await insertMetadataSlide(db, {
        projectId,
        fileName,
        checksum: newId() + newId() + newId().slice(0, 16),
        format: 'test',
        createdBy: null,
        values,
      }),
    );
  }
  return ids;
}
