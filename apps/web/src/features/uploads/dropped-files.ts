/**
 * The files a drop or a chooser gives, with their paths below what was chosen ('scans/x.mrxs'), for
 * planUploadItems: dropped folders are walked (the File and Directory Entries API, as browsers offer it
 * on drop), a chosen folder's files carry their webkitRelativePath.
 */
import type { DroppedFile } from '@tessera/domain';

/** What a drop holds: entries where the browser gives them, else the files themselves. */
export type DropEntry = FileSystemEntry | File;

/**
 * The entries of a drop, taken while the drop event lasts (its items are empty after it). A browser that
 * gives no entry for an item (a drop made by a script) still gives its file.
 */
export function entriesOf(data: DataTransfer): DropEntry[] {
  return [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry() ?? item.getAsFile())
    .filter((entry): entry is DropEntry => entry !== null);
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** A folder's entries: the reader gives them in batches (about a hundred in Chromium) until an empty one. */
async function childrenOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

/** Every file under the dropped entries, with its path below the drop. */
export async function filesOfEntries(entries: readonly DropEntry[]): Promise<DroppedFile<File>[]> {
  const out: DroppedFile<File>[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (isFile(entry)) out.push({ path, file: await fileOf(entry) });
    else if (isDirectory(entry)) for (const child of await childrenOf(entry)) await walk(child, path);
  };
  for (const entry of entries)
    if (entry instanceof File) out.push({ path: entry.name, file: entry });
    else await walk(entry, '');
  return out;
}

/** Files from a file or folder chooser (a folder's carry their path below it). */
export const filesOfChooser = (files: Iterable<File>): DroppedFile<File>[] =>
  [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
