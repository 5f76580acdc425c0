/**
 * Where slide files live (issue #15, DESIGN §10): one interface over a local folder (the default) and an
 * S3-compatible object store (several servers and workers on other machines share one). An image's
 * storage paths name its files either way: an absolute local path (the folder store's files, and slides
 * imported where they lie) or `s3://<bucket>/<key>`. Every store reads local paths too, so a slide imported
 * in place keeps working whichever store new files go to.
 *
 * Readers meet stored files in two ways:
 * - `open`: random access, for the pyramid of a converted slide: a tile is one ranged read, so a server
 *   serving tiles never holds the whole file;
 * - `localFile`: a file on this machine, for what needs one (OpenSlide's formats, conversion, checksums,
 *   transfers): the file itself, or a copy kept in the store's cache.
 */
import { isSlideFileName } from '@tessera/domain';
import type { ByteSource } from '@tessera/wsi';

export interface BlobStore {
  /** Where new files go, for logs: the folder, or the bucket's URL. */
  readonly location: string;
  /**
   * A local folder for files being made before they are stored (a conversion's pyramid), on the disk the
   * store keeps its files or cached copies on, so that `put` of a file made there keeps it without a copy.
   */
  readonly workDir: string;
  /**
   * Stores the local file `file` as `key` (`slides/<checksum>/<relative path>`, `optimized/<name>`) and
   * answers its storage path. The file is taken: moved into the folder, or uploaded and removed.
   */
  put(file: string, key: string): Promise<string>;
  /** Random access to a stored file. */
  open(storagePath: string): Promise<ByteSource>;
  /** A local file with the stored file's bytes; the store's copies keep each key's relative layout. */
  localFile(storagePath: string): Promise<string>;
  /** Removes a stored file; one already gone is no error. */
  remove(storagePath: string): Promise<void>;
}

/** An `s3://` storage path's bucket and key; null for a local path. */
export function parseS3Path(storagePath: string): { bucket: string; key: string } | null {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(storagePath);
  return match ? { bucket: match[1]!, key: match[2]! } : null;
}

/**
 * A key's segments are file names by the uploads' rule (no separators or control characters, never '.' or
 * '..', not blank), so no key can climb out of a folder or a cache.
 */
export function assertStoreKey(key: string): void {
  if (!key.split('/').every(isSlideFileName)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}

/** Local files of an image's storage paths, in their order (wsi openSlide reads local files). */
export function localFiles(store: BlobStore, storagePaths: readonly string[]): Promise<string[]> {
  return Promise.all(storagePaths.map((p) => store.localFile(p)));
}
