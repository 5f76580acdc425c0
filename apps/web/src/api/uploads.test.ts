import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's storage, as a tab closed and opened again keeps it.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => stored.set(k, v),
  removeItem: (k: string) => stored.delete(k),
});
const { fileChecksum, itemChecksum, itemKeys } = await import('./uploads.ts');

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe('itemChecksum', () => {
  it('is the file’s checksum for one file, and the hash of the files’ checksums, one per line, for several', async () => {
    const a = new Blob(['first file']);
    const b = new Blob([new Uint8Array(12 * 1024 * 1024).fill(7)]);
    expect(await fileChecksum(a)).toBe(sha256(Buffer.concat([Buffer.from('first file'), Buffer.from('10')])));
    expect(await itemChecksum([a])).toBe(await fileChecksum(a));
    expect(await itemChecksum([a, b])).toBe(sha256(`${await fileChecksum(a)}\n${await fileChecksum(b)}`));
    expect(await itemChecksum([b, a])).not.toBe(await itemChecksum([a, b]));
  });
});

describe('itemKeys', () => {
  beforeEach(() => stored.clear());

  it('keeps an item’s key until the item ends, so its files resumed later join the same item', () => {
    const key = itemKeys.keyFor('p1', 'c'.repeat(64));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(itemKeys.keyFor('p1', 'c'.repeat(64))).toBe(key);
    expect(itemKeys.keyFor('p2', 'c'.repeat(64))).not.toBe(key);
    itemKeys.forget('p1', 'c'.repeat(64));
    expect(itemKeys.keyFor('p1', 'c'.repeat(64))).not.toBe(key);
  });
});
