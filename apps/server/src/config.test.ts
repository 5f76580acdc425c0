import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('seeds the demo, runs jobs in serve and serves with one process per core by default', () => {
    const config = loadConfig({});
    expect(config.isDemoSeeded).toBe(true);
    expect(config.hasEmbeddedWorker).toBe(true);
    expect(config.serveProcesses).toBe(os.availableParallelism());
  });

  it('reads the switches and a number of serving processes', () => {
    const config = loadConfig({
      TESSERA_DEMO: 'false',
      TESSERA_EMBEDDED_WORKER: '0',
      TESSERA_SERVE_PROCESSES: '3',
    });
    expect(config.isDemoSeeded).toBe(false);
    expect(config.hasEmbeddedWorker).toBe(false);
    expect(config.serveProcesses).toBe(3);
  });

  it('refuses a malformed value, naming the variable', () => {
    expect(() => loadConfig({ TESSERA_SERVE_PROCESSES: '0' })).toThrow('TESSERA_SERVE_PROCESSES');
    expect(() => loadConfig({ TESSERA_SERVE_PROCESSES: 'many' })).toThrow('TESSERA_SERVE_PROCESSES');
    expect(() => loadConfig({ TESSERA_DEMO: 'yes' })).toThrow('TESSERA_DEMO');
  });

  it('stores files in the data folder unless an S3 bucket is named, then in the bucket', () => {
    const local = loadConfig({ TESSERA_DATA_DIR: '/srv/tessera' });
    expect(local.s3).toBeNull();
    expect(local.blobCacheDir).toBe('/srv/tessera/blob-cache');
    const s3 = loadConfig({
      TESSERA_S3_BUCKET: 'slides-eu',
      TESSERA_S3_ENDPOINT: 'http://minio.internal:9000',
      TESSERA_S3_PREFIX: 'tessera/',
      TESSERA_S3_ACCESS_KEY_ID: 'key',
      TESSERA_S3_SECRET_ACCESS_KEY: 'secret',
      TESSERA_BLOB_CACHE_DIR: '/cache',
    });
    expect(s3.s3).toEqual({
      bucket: 'slides-eu',
      prefix: 'tessera/',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(s3.blobCacheDir).toBe('/cache');
    expect(loadConfig({ TESSERA_S3_BUCKET: 'slides' }).s3?.credentials).toBeNull();
  });

  it('refuses a malformed bucket, prefix or endpoint, and half a pair of credentials', () => {
    expect(() => loadConfig({ TESSERA_S3_BUCKET: 'ab' })).toThrow('TESSERA_S3_BUCKET');
    expect(() => loadConfig({ TESSERA_S3_BUCKET: 'Slides' })).toThrow('TESSERA_S3_BUCKET');
    expect(() => loadConfig({ TESSERA_S3_PREFIX: 'tessera' })).toThrow('TESSERA_S3_PREFIX');
    expect(() => loadConfig({ TESSERA_S3_PREFIX: '../x/' })).toThrow('TESSERA_S3_PREFIX');
    expect(() => loadConfig({ TESSERA_S3_ENDPOINT: 'minio:9000' })).toThrow('TESSERA_S3_ENDPOINT');
    expect(() => loadConfig({ TESSERA_S3_BUCKET: 'slides', TESSERA_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'TESSERA_S3_SECRET_ACCESS_KEY',
    );
  });
});
