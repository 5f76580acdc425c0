/**
 * The files of a slide of several (spec 1 §3 "Upload item"; uploads.service.ts): what a file's
 * Upload-Metadata says of its item — `itemKey`, `relativePath`, `fileCount`, all or none — and whether it
 * agrees with the item's files created before it.
 */
import { isUploadRelativePath, MAX_UPLOAD_ITEM_FILES, UPLOAD_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict } from '../../errors.ts';
import * as q from './uploads.queries.ts';

/** The item an upload belongs to, as its Upload-Metadata names it: all three keys, or none (one file). */
interface ItemFile {
  itemKey: string;
  relativePath: string;
  fileCount: number;
}

const ITEM_KEY = /^[0-9a-f]{32}$/;

export function itemFileOf(metadata: Record<string, string | null>): ItemFile | null {
  const { itemKey, relativePath, fileCount } = metadata;
  if (!itemKey && !relativePath && !fileCount) return null;
  if (!itemKey || !relativePath || !fileCount) throw badRequest(UPLOAD_MESSAGES.itemMetadataMissing);
  if (!ITEM_KEY.test(itemKey)) throw badRequest(UPLOAD_MESSAGES.invalidItemKey);
  if (!isUploadRelativePath(relativePath)) throw badRequest(UPLOAD_MESSAGES.invalidRelativePath);
  const count = /^\d{1,5}$/.test(fileCount) ? Number(fileCount) : NaN;
  if (!(count >= 2 && count <= MAX_UPLOAD_ITEM_FILES))
    throw badRequest(UPLOAD_MESSAGES.invalidFileCount(MAX_UPLOAD_ITEM_FILES));
  return { itemKey, relativePath, fileCount: count };
}

/** A new file of an item agrees with the files of it created before, which have not all come yet. */
export async function checkItemSiblings(
  ctx: AppContext,
  row: Pick<
    q.UploadRow,
    'user_id' | 'item_key' | 'relative_path' | 'project_id' | 'file_name' | 'checksum' | 'file_count'
  >,
): Promise<void> {
  const siblings = await q.findItemUploads(ctx.db, row.user_id, row.item_key!);
  if (siblings.some((s) => s.state !== 'receiving')) throw conflict(UPLOAD_MESSAGES.itemEnded);
  const disagrees = (s: q.UploadRow) =>
    s.project_id !== row.project_id ||
    s.file_name !== row.file_name ||
    s.checksum !== row.checksum ||
    s.file_count !== row.file_count;
  if (siblings.some(disagrees)) throw conflict(UPLOAD_MESSAGES.itemDisagrees);
  // 'a' and 'a/b' cannot both be stored: one path would have to be a file and a folder.
  const own = row.relative_path!;
  const nests = (other: string) => other.startsWith(`${own}/`) || own.startsWith(`${other}/`);
  if (siblings.some((s) => nests(s.relative_path!))) throw conflict(UPLOAD_MESSAGES.itemPathsNest);
  if (siblings.length >= row.file_count!) throw conflict(UPLOAD_MESSAGES.itemFull);
}
