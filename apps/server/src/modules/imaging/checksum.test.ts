import crypto from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChecksum, imageChecksum } from './checksum.ts';

const MiB = 1024 * 1024;
const sha256 = (...parts: (Buffer | string)[]) =>
  parts.reduce((h, p) => h.update(p), crypto.createHash('sha256')).digest('hex');

describe('image checksum', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-checksum-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('hashes a small file whole, then its size', async () => {
    const file = path.join(dir, 'small.bin');
    await writeFile(file, Buffer.from('slide bytes'));
    expect(await fileChecksum(file)).toEqual({
      checksum: sha256(Buffer.from('slide bytes'), '11'),
      size: 11,
    });
  });

  it('hashes only the first and last 5 MiB of a large file', async () => {
    const file = path.join(dir, 'large.bin');
    const bytes = crypto.randomBytes(12 * MiB);
    await writeFile(file, bytes);
    const expected = sha256(bytes.subarray(0, 5 * MiB), bytes.subarray(7 * MiB), String(12 * MiB));
    expect((await fileChecksum(file)).checksum).toBe(expected);
    // A change in the middle is not seen (by design), a change at either end is.
    bytes[6 * MiB] = bytes[6 * MiB]! ^ 0xff;
    await writeFile(file, bytes);
    expect((await fileChecksum(file)).checksum).toBe(expected);
    bytes[12 * MiB - 1] = bytes[12 * MiB - 1]! ^ 0xff;
    await writeFile(file, bytes);
    expect((await fileChecksum(file)).checksum).not.toBe(expected);
  });

  it('addresses a file set by its files’ checksums in order, and a single file by its own', async () => {
    const a = path.join(dir, 'a.dcm');
    const b = path.join(dir, 'b.dcm');
    await writeFile(a, 'first');
    await writeFile(b, 'second');
    const [ca, cb] = [await fileChecksum(a), await fileChecksum(b)];
    expect(await imageChecksum([a])).toEqual(ca);
    expect(await imageChecksum([a, b])).toEqual({
      checksum: sha256(`${ca.checksum}\n${cb.checksum}`),
      size: (await readFile(a)).length + 6,
    });
    expect((await imageChecksum([b, a])).checksum).not.toBe((await imageChecksum([a, b])).checksum);
  });
});
