import type { Db } from '../../db/database.ts';

/** The conversion state of an image and, once Converted, where its optimized pyramid lies. */
export async function findConversion(db: Db, imageId: string): Promise<{ conversionStatus: string; optimizedPath: string | null } | undefined> {
  const r = await db.selectFrom('images').select(['conversion_status', 'optimized_path']).where('id', '=', imageId).executeTakeFirst();
  return r && { conversionStatus: r.conversion_status, optimizedPath: r.optimized_path };
}
