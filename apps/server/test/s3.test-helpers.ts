/**
 * A real S3-compatible server for the blob store's tests: s3rver (npm) on loopback at a free port, its
 * objects in a temporary folder, with one bucket. Its credentials are its fixed S3RVER/S3RVER.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

export interface TestS3 {
  /** What a server's Config.s3 names to use this bucket. */
  config: S3Config;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'tessera-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'tessera-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      prefix: '',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    directory,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
