/**
 * Opening an image's stored files through the blob store (blob-store/blob-store.ts):
 * - the original files as local files (OpenSlide and the format checks read files by path): in place for
 *   the folder store, fetched once into the cache for an object store;
 * - a converted pyramid, our own OME-TIFF, by byte range: a server serving its tiles reads only them.
 */
import { openSlide, TiffSlide, type Slide } from '@tessera/wsi';
import { localFiles, type BlobStore } from '../../blob-store/blob-store.ts';

export async function openOriginal(store: BlobStore, storagePaths: readonly string[]): Promise<Slide> {
  return openSlide(await localFiles(store, storagePaths));
}

export async function openPyramid(store: BlobStore, storagePath: string): Promise<Slide> {
  const source = await store.open(storagePath);
  try {
    return await TiffSlide.fromSource(source);
  } catch (error) {
    await source.close();
    throw error;
  }
}
