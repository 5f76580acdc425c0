/** SQL of tiles: one prepared lookup per tile request (db/prepared.ts), of only what a tile needs. */
import { preparedQuery } from '../../db/prepared.ts';

/** The image of a slide in a project, with its conversion state and, once Converted, the optimized pyramid. */
export const findTileImage = preparedQuery((db, a: { projectId: string; slideId: string }) =>
  db
    .selectFrom('slides')
    .innerJoin('images', 'images.id', 'slides.image_id')
    .select([
      'images.id',
      'images.checksum',
      'images.format',
      'images.storage_paths',
      'images.conversion_status',
      'images.optimized_path',
    ])
    .where('slides.project_id', '=', a.projectId)
    .where('slides.id', '=', a.slideId),
);
