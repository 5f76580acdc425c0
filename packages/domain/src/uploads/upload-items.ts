/**
 * Which upload items a drop makes (spec 1 §3 "Upload item": a name, a checksum and files, each with its
 * relative path; issue #15 point 1): a slide of several files — an MRXS file with its data folder, a
 * folder of DICOM instances — travels as one item and becomes one slide, as folder registration makes
 * one of them (the server's folder-scan.ts, same extensions). Pure rules shared by the upload panel
 * (grouping, the item's checksum) and the server (checking each file's relative path, the order its
 * files are opened and hashed in).
 */
import { isSlideFileName } from './uploads.ts';

/** Extensions of slide files (and of the MRXS index file); .ome.tif(f) is covered by tif(f). */
export const SLIDE_EXTENSIONS: ReadonlySet<string> = new Set([
  'svs',
  'tif',
  'tiff',
  'qptiff',
  'ndpi',
  'mrxs',
  'scn',
  'bif',
  'vms',
  'dcm',
]);

/**
 * The most files one item may hold: an MRXS data folder holds tens, a DICOM series a few levels. Each
 * file's creation and last byte look at the item's other files, so this also bounds that work.
 */
export const MAX_UPLOAD_ITEM_FILES = 1_000;

/** The longest relative path of a file in an item. */
export const MAX_RELATIVE_PATH_LENGTH = 1024;

/** The lowercase extension of a file name ('' without one). */
export const fileExtensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * Whether `path` may name a file inside an item: names joined by '/', each one a slide file name
 * (isSlideFileName: no separators, control characters, '.' or '..'), at most MAX_RELATIVE_PATH_LENGTH.
 * Files are stored under it, so it never leads out of the item's folder.
 */
export function isUploadRelativePath(path: string): boolean {
  return (
    path.length > 0 &&
    path.length <= MAX_RELATIVE_PATH_LENGTH &&
    path.split('/').every((segment) => isSlideFileName(segment) && segment === segment.trim())
  );
}

/** The order an item's files are opened and hashed in: by relative path, code unit by code unit (so an MRXS file comes before its folder's files). */
export const compareRelativePaths = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What is hashed (SHA-256) into the checksum of an item of several files: the files' own checksums
 * (checksum.ts), one per line, in compareRelativePaths order. An item of one file has its file's checksum.
 */
export const combinedChecksumText = (fileChecksums: readonly string[]): string => fileChecksums.join('\n');

/** A file as dropped: its path below what was dropped ('scans/a.mrxs', or just 'a.svs'). */
export interface DroppedFile<T> {
  path: string;
  file: T;
}

/** One upload item: the slide's name and its files, with paths relative to the item, in hashing order. */
export interface PlannedUploadItem<T> {
  name: string;
  files: { relativePath: string; file: T }[];
}

export interface UploadPlan<T> {
  items: PlannedUploadItem<T>[];
  /** Files in dropped folders that are no slide's (other extensions, hidden files): not sent. */
  ignored: string[];
}

const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Groups dropped files into upload items, as folder registration groups a folder:
 * - an MRXS file with every file under the folder of its stem beside it: one item named after the MRXS;
 * - the DICOM files of one dropped folder: one item named after the folder (one file: named after it);
 * - any other slide file: an item of its own.
 * A file dropped by itself (no folder) is always its own item — the server says when it is no slide.
 * In folders, files of other kinds and hidden ones are left out (`ignored`).
 */
export function planUploadItems<T>(dropped: readonly DroppedFile<T>[]): UploadPlan<T> {
  const files = [...dropped].sort((a, b) => compareRelativePaths(a.path, b.path));
  const claimed = new Set<string>();
  const items: PlannedUploadItem<T>[] = [];
  const itemOf = (name: string, root: string, members: DroppedFile<T>[]): PlannedUploadItem<T> => ({
    name,
    files: members.map((m) => ({ relativePath: m.path.slice(root ? root.length + 1 : 0), file: m.file })),
  });

  for (const mrxs of files.filter((f) => fileExtensionOf(f.path) === 'mrxs')) {
    if (claimed.has(mrxs.path)) continue; // inside another's data folder: its data
    const root = folderOf(mrxs.path);
    const companion = `${mrxs.path.slice(0, -'.mrxs'.length)}/`;
    const members = [mrxs, ...files.filter((f) => f.path.startsWith(companion))];
    for (const m of members) claimed.add(m.path);
    items.push(itemOf(baseName(mrxs.path), root, members));
  }
  const dicomFolders = new Map<string, DroppedFile<T>[]>();
  const ignored: string[] = [];
  for (const f of files) {
    if (claimed.has(f.path)) continue;
    const folder = folderOf(f.path);
    const extension = fileExtensionOf(f.path);
    if (!folder) items.push(itemOf(f.path, '', [f]));
    else if (baseName(f.path).startsWith('.') || !SLIDE_EXTENSIONS.has(extension)) ignored.push(f.path);
    else if (extension === 'dcm') dicomFolders.set(folder, [...(dicomFolders.get(folder) ?? []), f]);
    else items.push(itemOf(baseName(f.path), folder, [f]));
  }
  for (const [folder, members] of dicomFolders)
    items.push(itemOf(members.length === 1 ? baseName(members[0]!.path) : baseName(folder), folder, members));
  return { items: items.sort((a, b) => compareRelativePaths(a.name, b.name)), ignored };
}
