/**
 * Test fixtures of the annotation tests: a project with a writer (projectWrite, annotationsManage) and a
 * reader (projectRead), and slides whose images have a known size (annotations must lie on them).
 */
import type { Db } from '../src/db/database.ts';
import type { SlideMetadata } from '../src/modules/slides/slide-metadata.queries.ts';
import type { TestServer } from './harness.ts';
import { insertTestSlides } from './slides.fixtures.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** Gives the images of these slides this size (the inserted test slides have none). */
export async function setImageSize(db: Db, slideIds: readonly string[], size: ImageSize): Promise<void> {
  await db
    .updateTable('images')
    .set({ image_info: JSON.stringify(size) })
    .where(
      'id',
      'in',
      db
        .selectFrom('slides')
        .select('image_id')
        .where('id', 'in', [...slideIds]),
    )
    .execute();
}

export async function annotationProject(
  server: TestServer,
  slides: (SlideMetadata & { fileName: string })[],
  size: ImageSize,
) {
  const [writer, reader] = [await server.createUser(), await server.createUser()];
  const projectId = (
    await server.createProject({
      members: [
        { user: writer, role: 'projectWrite' },
        { user: reader, role: 'projectRead' },
      ],
    })
  ).id;
  const slideIds = await insertTestSlides(server.ctx.db, projectId, slides);
  await setImageSize(server.ctx.db, slideIds, size);
  return { writer, reader, projectId, slideIds };
}
