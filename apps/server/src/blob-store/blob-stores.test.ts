/**
 * Both blob stores keep the same promises (blob-store.ts): the folder store over a temporary folder and
 * the S3 store against a real S3-compatible server (s3rver on loopback).
 */
import crypto from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3.test-helpers.ts';
import { assertStoreKey, localFiles, parseS3Path, type BlobStore } from './blob-store.ts';
import { createBlobStore } from './create-blob-store.ts';
import { PART_BYTES } from './s3-store.ts';

let s3: TestS3;
let work: string;

beforeAll(async () => {
  s3 = await startTestS3();
  work = await mkdtemp(path.join(os.tmpdir(), 'tessera-blobs-'));
});
afterAll(async () => {
  await s3.stop();
  await rm(work, { recursive: true, force: true });
});

/** A file of `size` random bytes in the work folder. */
async function madeFile(name: string, size: number): Promise<{ file: string; bytes: Buffer }> {
  const bytes = crypto.randomBytes(size);
  const file = path.join(work, 'made', `${crypto.randomUUID()}-${name}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return { file, bytes };
}

const stores: [string, () => BlobStore][] = [
  ['folder', () => createBlobStore({ dataDir: path.join(work, 'data'), s3: null, blobCacheDir: '' })],
  [
    's3',
    () =>
      createBlobStore({
        dataDir: '',
        s3: { ...s3.config, prefix: 'install-1/' },
        blobCacheDir: path.join(work, 'cache'),
      }),
  ],
];

describe.each(stores)('the %s store', (kind, storeOf) => {
  let store: BlobStore;
  beforeAll(() => {
    store = storeOf();
  });

  it('takes a file and answers a path its bytes are read back from, whole and by range', async () => {
    const { file, bytes } = await madeFile('slide.svs', 300_000);
    const stored = await store.put(file, 'slides/abc/slide.svs');
    expect(stored).toBe(
      kind === 'folder'
        ? path.join(work, 'data', 'slides', 'abc', 'slide.svs')
        : `s3://${s3.config.bucket}/install-1/slides/abc/slide.svs`,
    );
    await expect(stat(file)).rejects.toThrow(); // taken, not copied
    const source = await store.open(stored);
    try {
      expect(source.size).toBe(bytes.length);
      // Within a block, across the 64 KiB blocks, past two blocks (direct), and pixel data.
      expect(await source.read(10, 100)).toEqual(bytes.subarray(10, 110));
      expect(await source.read(65_000, 2_000)).toEqual(bytes.subarray(65_000, 67_000));
      expect(await source.read(1_000, 200_000)).toEqual(bytes.subarray(1_000, 201_000));
      expect(await source.readData(299_000, 1_000)).toEqual(bytes.subarray(299_000));
      await expect(source.read(299_999, 2)).rejects.toThrow(/truncated/);
    } finally {
      await source.close();
    }
    expect(await readFile(await store.localFile(stored))).toEqual(bytes);
  });

  it('keeps a multi-file slide laid out as its keys, so an MRXS file finds its folder in a local copy', async () => {
    const keys = ['slides/def/case.mrxs', 'slides/def/case/Index.dat', 'slides/def/case/Data0000.dat'];
    const made = await Promise.all(keys.map((k) => madeFile(path.basename(k), 1_000)));
    const stored = await Promise.all(made.map((m, i) => store.put(m.file, keys[i]!)));
    if (kind === 's3') await rm(path.join(work, 'cache'), { recursive: true, force: true }); // fetched anew
    const files = await localFiles(store, stored);
    expect(path.dirname(files[1]!)).toBe(path.join(path.dirname(files[0]!), 'case'));
    for (const [i, file] of files.entries()) expect(await readFile(file)).toEqual(made[i]!.bytes);
  });

  it('removes a stored file, and a removed one again without an error', async () => {
    const { file } = await madeFile('gone.tif', 10);
    const stored = await store.put(file, 'optimized/gone.ome.tif');
    await store.remove(stored);
    await store.remove(stored);
    await expect(store.open(stored)).rejects.toThrow(/Cannot open/);
  });

  it('reads a local path as it is, whichever store new files go to (slides imported in place)', async () => {
    const { file, bytes } = await madeFile('in-place.svs', 500);
    expect(await store.localFile(file)).toBe(file);
    const source = await store.open(file);
    expect(await source.read(0, 500)).toEqual(bytes);
    await source.close();
  });

  it('refuses keys that could climb out of its folder or cache', async () => {
    const { file } = await madeFile('x.svs', 10);
    for (const key of ['../x.svs', 'slides//x.svs', 'slides/./x.svs', '/abs.svs', 'slides/a\u0000b.svs'])
      await expect(store.put(file, key), key).rejects.toThrow(/Invalid blob key/);
  });
});

describe('the S3 store', () => {
  const store = () =>
    createBlobStore({ dataDir: '', s3: s3.config, blobCacheDir: path.join(work, 'cache-2') });

  it('uploads a file over one part in parts, and keeps it in its cache', async () => {
    const { file, bytes } = await madeFile('big.tif', PART_BYTES + 1_234);
    const stored = await store().put(file, 'slides/big/big.tif');
    const cached = path.join(work, 'cache-2', 'slides', 'big', 'big.tif');
    expect(await store().localFile(stored)).toBe(cached);
    expect((await readFile(cached)).equals(bytes)).toBe(true);
    const source = await store().open(stored);
    expect(await source.readData(PART_BYTES - 10, 20)).toEqual(
      bytes.subarray(PART_BYTES - 10, PART_BYTES + 10),
    );
    await source.close();
  });

  it('gives readers at once one fetched copy, and fetches anew a copy in the cache that differs', async () => {
    const s = store();
    const { file, bytes } = await madeFile('shared.svs', 50_000);
    const stored = await s.put(file, 'slides/shared/shared.svs');
    const cached = path.join(work, 'cache-2', 'slides', 'shared', 'shared.svs');
    await writeFile(cached, 'half');
    const [a, b] = await Promise.all([s.localFile(stored), s.localFile(stored)]);
    expect(a).toBe(cached);
    expect(b).toBe(cached);
    expect(await readFile(cached)).toEqual(bytes);
  });

  it("refuses another bucket's paths", async () => {
    await expect(store().localFile('s3://elsewhere/slides/a/a.svs')).rejects.toThrow(/bucket elsewhere/);
  });
});

it('tells S3 paths from local ones, and checks keys', () => {
  expect(parseS3Path('s3://b-1/slides/x/y.svs')).toEqual({ bucket: 'b-1', key: 'slides/x/y.svs' });
  expect(parseS3Path('/data/slides/x/y.svs')).toBeNull();
  expect(() => assertStoreKey('slides/x/y z.svs')).not.toThrow();
  expect(() => assertStoreKey('slides\\x')).toThrow();
});
