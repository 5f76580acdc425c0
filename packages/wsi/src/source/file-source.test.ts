import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { slidePath } from '../../test/slides.ts';
import { FileSource } from './file-source.ts';

describe('FileSource', () => {
  it('returns the same bytes as the file for cached, block-spanning and direct reads', async () => {
    const path = slidePath('boxes.tiff');
    const whole = readFileSync(path);
    const source = await FileSource.open(path, { blockSize: 256, maxBlocks: 4 });
    expect(source.size).toBe(7696); // SOURCES.md: boxes.tiff is 7,696 bytes
    const ranges: [number, number][] = [
      [0, 8],
      [250, 20],
      [255, 2],
      [1000, 300],
      [100, 2000],
      [7690, 6],
      [7696, 0],
      [3000, 1],
    ];
    // Twice, and concurrently, so cache hits, evictions and in-flight sharing all happen.
    for (let round = 0; round < 2; round++) {
      const reads = await Promise.all(ranges.map(([offset, length]) => source.read(offset, length)));
      reads.forEach((bytes, i) => {
        const [offset, length] = ranges[i]!;
        expect(bytes.equals(whole.subarray(offset, offset + length))).toBe(true);
      });
    }
    await expect(source.read(7690, 7)).rejects.toMatchObject({ code: 'truncated' });
    await expect(source.read(-1, 4)).rejects.toMatchObject({ code: 'corrupt' });
    await source.close();
  });
});
