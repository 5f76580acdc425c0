/**
 * The default blob store: files under a local folder (the data folder), at their key's path. Storage paths
 * are the files' absolute paths, as they always were, so existing installations need no migration.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileSource, type ByteSource } from '@tessera/wsi';
import { assertStoreKey, parseS3Path, type BlobStore } from './blob-store.ts';

export function createFolderStore(root: string): BlobStore {
  const local = (storagePath: string): string => {
    if (parseS3Path(storagePath))
      throw new Error(`${storagePath} is in an S3 store, and this server stores files in ${root}`);
    return storagePath;
  };
  return {
    location: root,
    workDir: root,
    async put(file, key) {
      assertStoreKey(key);
      const target = path.join(root, ...key.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      if (path.resolve(file) !== target) await rename(file, target);
      return target;
    },
    open: (storagePath): Promise<ByteSource> => FileSource.open(local(storagePath)),
    localFile: async (storagePath) => local(storagePath),
    remove: (storagePath) => rm(local(storagePath), { force: true }),
  };
}
