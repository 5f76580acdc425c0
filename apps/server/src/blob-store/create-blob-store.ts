/** The installation's blob store from its Config: the S3 bucket when one is set, else the data folder. */
import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { createFolderStore } from './folder-store.ts';
import { createS3Store } from './s3-store.ts';

export function createBlobStore(config: Pick<Config, 'dataDir' | 's3' | 'blobCacheDir'>): BlobStore {
  const { s3 } = config;
  if (!s3) return createFolderStore(config.dataDir);
  const client = new S3Client({
    region: s3.region,
    // S3-compatible servers are addressed by path (http://host/bucket/key): their buckets have no DNS names.
    // Nor do all of them read the SDK's default checksummed bodies (aws-chunked, which s3rver stores with
    // its chunk framing): there, checksums only where the API requires them. Uploads are checked against
    // the client's checksum before they are stored anyway.
    ...(s3.endpoint
      ? {
          endpoint: s3.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
  return createS3Store({ bucket: s3.bucket, prefix: s3.prefix, cacheDir: config.blobCacheDir, client });
}
