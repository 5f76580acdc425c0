/**
 * QuPath GeoJSON in and out of a set from the Annotations tab (issue #14 point 8): a file is read in the
 * browser, checked as a GeoJSON FeatureCollection by the domain's schema (so a wrong file is said before
 * anything is sent), and imported into the set's working state; the server skips what it cannot read
 * and says how many. Export saves the shown set or version as a file.
 */
import { GEOJSON_IMPORT_MESSAGES as MESSAGES, qupathCollectionSchema } from '@tessera/domain';
import { annotations } from '@tessera/contract';
import { importSetGeoJson, type ShownSet } from '../../../api/annotation-sets.ts';

/** Imports the file into the set; answers the notice to show (a refusal throws its message). */
export async function importGeoJsonFile(set: ShownSet, file: File): Promise<string> {
  if (file.size > annotations.ANNOTATION_BODY_LIMIT_BYTES)
    throw new Error(MESSAGES.tooLarge(annotations.ANNOTATION_BODY_LIMIT_BYTES / 1024 / 1024));
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error(MESSAGES.notJson);
  }
  const collection = qupathCollectionSchema.safeParse(parsed);
  if (!collection.success) throw new Error(MESSAGES.notGeoJson);
  const answer = await importSetGeoJson(set, collection.data);
  return MESSAGES.imported(answer.created, answer.skipped);
}
