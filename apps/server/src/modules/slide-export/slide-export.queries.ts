/** What the exports read beside the grid's rows: the project's name and the folders of the slides' files. */
import path from 'node:path';
import type { Db } from '../../db/database.ts';

export async function findProjectName(db: Db, projectId: string): Promise<string> {
  const row = await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst();
  return row?.name ?? projectId;
}

/** The folder holding each slide's (first) file, by slide id: the IDO export's ImagePath; relative when it lies in `dataDir`. */
export async function findFileFolders(
  db: Db,
  projectId: string,
  slideIds: readonly string[],
  dataDir: string,
): Promise<Map<string, string>> {
  if (slideIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('slides')
    .innerJoin('images', 'images.id', 'slides.image_id')
    .select(['slides.id as id', 'images.storage_paths as paths'])
    .where('slides.project_id', '=', projectId)
    .where('slides.id', 'in', [...slideIds])
    .execute();
  return new Map(
    rows.flatMap((r) => {
      const first = (JSON.parse(r.paths) as string[])[0];
      if (!first) return [];
      const folder = path.dirname(path.resolve(first));
      const inside = path.relative(dataDir, folder);
      const isInside = inside === '' || (!inside.startsWith('..') && !path.isAbsolute(inside));
      return [[r.id, isInside ? inside.split(path.sep).join('/') || '.' : folder] as const];
    }),
  );
}
