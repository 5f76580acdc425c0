/**
 * Test fixtures: slides with metadata inserted straight into the database (each with an image row of its
 * own, whose file is not needed by the table tests), and real test slides registered as an import would.
 */
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { SLIDES_DIR } from '../../../packages/wsi/test/slides.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/database.ts';
import { registerImage } from '../src/modules/imaging/images.service.ts';
import { getOrCreateSlideForImage } from '../src/modules/slides/slides.service.ts';
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

/**
 * Registers real test slides (../shared/testdata/slides, named relative to it) in a project through
 * symlinks in `dir` — slides are never copied — and answers each file's slide id.
 */
export async function registerTestSlides(
  ctx: AppContext,
  projectId: string,
  ownerId: string,
  dir: string,
  files: readonly string[],
): Promise<Map<string, string>> {
  const slideIds = new Map<string, string>();
  for (const file of files) {
    const link = path.join(dir, path.basename(file));
    await symlink(path.join(SLIDES_DIR, file), link);
    const { image } = await registerImage(ctx, [link]);
    const { slide } = await getOrCreateSlideForImage(
      ctx,
      projectId,
      image,
      { fileName: path.basename(file), fileExtension: 'x' },
      ownerId,
    );
    slideIds.set(file, slide.id);
  }
  return slideIds;
}
