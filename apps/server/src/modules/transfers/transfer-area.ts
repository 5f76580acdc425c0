/**
 * The transfer area on disk (config.transferDir): its folders, listed for the wizard, and a destination
 * resolved for a job. A destination is a path of folder names under the area (the domain's rule), and
 * once resolved — symbolic links followed — it must still lie inside the area, so no path and no link
 * leads a transfer elsewhere. The area is made when first needed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_LISTED_FOLDERS,
  TRANSFER_TEXTS,
  transferDisplayPath,
  transferPathSegments,
} from '@tessera/domain';
import { badRequest, notFound } from '../../errors.ts';

export const TRANSFER_ERROR_CODES = { folderNotFound: 'TRANSFER_FOLDER_NOT_FOUND' } as const;

export interface TransferFolder {
  /** The absolute folder, inside the area. */
  absolute: string;
  /** Its path relative to the area ('' for the area itself). */
  path: string;
  displayPath: string;
}

/** The folder of `relative` in the area: 400 for a path that is not one, 404 when it is no folder there. */
export async function resolveTransferFolder(root: string, relative: string): Promise<TransferFolder> {
  const segments = transferPathSegments(relative);
  if (!segments) throw badRequest(TRANSFER_TEXTS.invalidPath);
  await fs.mkdir(root, { recursive: true });
  const area = await fs.realpath(root);
  const displayPath = transferDisplayPath(segments);
  const missing = () =>
    notFound(TRANSFER_TEXTS.folderNotFound(displayPath), TRANSFER_ERROR_CODES.folderNotFound);
  let absolute: string;
  try {
    absolute = await fs.realpath(path.join(area, ...segments));
  } catch {
    throw missing();
  }
  const isInside = absolute === area || absolute.startsWith(area + path.sep);
  const stat = isInside ? await fs.stat(absolute).catch(() => null) : null;
  if (!stat?.isDirectory()) throw missing();
  return { absolute, path: segments.join('/'), displayPath };
}

/** The folders in a folder of the area, by name (hidden ones, starting with '.', left out). */
export async function listTransferFolders(root: string, relative: string) {
  const folder = await resolveTransferFolder(root, relative);
  const entries = await fs.readdir(folder.absolute, { withFileTypes: true });
  const names = entries
    .filter((e) => !e.name.startsWith('.') && transferPathSegments(e.name) !== null)
    // A link to a folder counts when it stays inside the area (resolveTransferFolder checks on use).
    .filter((e) => e.isDirectory() || e.isSymbolicLink())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const folders: { name: string; path: string }[] = [];
  for (const name of names) {
    if (folders.length >= MAX_LISTED_FOLDERS) break;
    const child = folder.path ? `${folder.path}/${name}` : name;
    if (
      await resolveTransferFolder(root, child).then(
        () => true,
        () => false,
      )
    )
      folders.push({ name, path: child });
  }
  return {
    path: folder.path,
    displayPath: folder.displayPath,
    folders,
    isTruncated: names.length > folders.length && folders.length >= MAX_LISTED_FOLDERS,
  };
}
