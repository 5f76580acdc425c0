/**
 * The S3-compatible blob store (AWS S3, MinIO, Ceph, …; tested against s3rver): what several servers and
 * workers on other machines share. New files go to `s3://<bucket>/<prefix><key>`; local storage paths
 * (slides imported in place) are still read from the local disk.
 *
 * Files over PART_BYTES go up as a multipart upload, one part at a time from the file (a slide may be
 * hundreds of GB; a single PUT stops at 5 GB). Whole files are fetched into `cacheDir` for what needs a
 * local file, under the key's path so an MRXS file finds its folder beside it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { FileSource, type ByteSource } from '@tessera/wsi';
import { assertStoreKey, parseS3Path, type BlobStore } from './blob-store.ts';
import { S3Source } from './s3-source.ts';

/** Multipart part size: S3 allows 10,000 parts, so a 200 GB file takes 20 MB parts; 64 MiB keeps requests few. */
export const PART_BYTES = 64 * 1024 * 1024;
const MAX_PARTS = 10_000;

export interface S3StoreOptions {
  bucket: string;
  /** Prepended to every key ('' or ending in '/'): several installations may share a bucket. */
  prefix: string;
  /** Where whole files are fetched to (localFile). */
  cacheDir: string;
  client: S3Client;
}

export function createS3Store({ bucket, prefix, cacheDir, client }: S3StoreOptions): BlobStore {
  /** The object of a storage path in this store's bucket; null for a local path. */
  const objectOf = (storagePath: string): { key: string } | null => {
    const parsed = parseS3Path(storagePath);
    if (!parsed) return null;
    if (parsed.bucket !== bucket)
      throw new Error(`${storagePath} is in bucket ${parsed.bucket}, and this server uses ${bucket}`);
    return { key: parsed.key };
  };
  const fetching = new Map<string, Promise<string>>();

  async function fetchToCache(key: string): Promise<string> {
    assertStoreKey(key);
    const target = path.join(cacheDir, ...key.split('/'));
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const cached = await stat(target).catch(() => null);
    if (cached?.isFile() && cached.size === head.ContentLength) return target;
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a half-fetched file is never taken for the whole one.
    const partial = `${target}.${process.pid}.partial`;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      await pipeline(object.Body as Readable, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return target;
  }

  /**
   * A stored file stays in the cache: the conversion of an upload, or the tiles of a pyramid just made,
   * need it next on this machine. A file on another disk than the cache is removed instead.
   */
  async function keepInCache(file: string, key: string): Promise<void> {
    const target = path.join(cacheDir, ...key.split('/'));
    if (path.resolve(file) === target) return;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
    } catch {
      await rm(file, { force: true });
    }
  }

  async function putMultipart(file: string, key: string, size: number): Promise<void> {
    const partBytes = Math.max(PART_BYTES, Math.ceil(size / MAX_PARTS));
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, number = 1; start < size; start += partBytes, number++) {
        const length = Math.min(partBytes, size - start);
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId,
            PartNumber: number,
            ContentLength: length,
            Body: createReadStream(file, { start, end: start + length - 1 }),
          }),
        );
        parts.push({ ETag: ETag!, PartNumber: number });
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    location: `s3://${bucket}/${prefix}`,
    workDir: cacheDir,
    async put(file, key) {
      assertStoreKey(key);
      const objectKey = prefix + key;
      const { size } = await stat(file);
      if (size > PART_BYTES) await putMultipart(file, objectKey, size);
      else
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey,
            ContentLength: size,
            Body: createReadStream(file),
          }),
        );
      await keepInCache(file, objectKey);
      return `s3://${bucket}/${objectKey}`;
    },
    async open(storagePath): Promise<ByteSource> {
      const object = objectOf(storagePath);
      return object ? S3Source.open(client, bucket, object.key) : FileSource.open(storagePath);
    },
    async localFile(storagePath) {
      const object = objectOf(storagePath);
      if (!object) return storagePath;
      // Requests for one file at once share its fetch.
      let pending = fetching.get(object.key);
      if (!pending) {
        pending = fetchToCache(object.key).finally(() => fetching.delete(object.key));
        fetching.set(object.key, pending);
      }
      return pending;
    },
    async remove(storagePath) {
      const object = objectOf(storagePath);
      if (!object) return rm(storagePath, { force: true });
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.key }));
      await rm(path.join(cacheDir, ...object.key.split('/')), { force: true });
    },
  };
}
