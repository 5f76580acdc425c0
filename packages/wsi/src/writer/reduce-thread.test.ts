import { describe, expect, it } from 'vitest';
import { boxReduceRgbInto } from './downsample.ts';
import { boxReduceRgbOffThread, sharedRgb } from './reduce-thread.ts';

describe('boxReduceRgbOffThread', () => {
  it('writes the same bytes as the main thread would, in place, for blocks side by side (odd widths cropped)', async () => {
    const [sourceWidth, height, targetWidth] = [301, 64, 300];
    const blocks = [0, 1].map((b) =>
      Uint8Array.from({ length: sourceWidth * height * 3 }, (_, i) => (i * 2654435761 + b * 977) % 251),
    );
    const expected = new Uint8Array(targetWidth * (height / 2) * 3);
    blocks.forEach((block, b) =>
      boxReduceRgbInto(block, sourceWidth, 300, height, expected, targetWidth, b * 150, 0),
    );
    const target = sharedRgb(expected.length);
    await Promise.all(
      blocks.map((block, b) =>
        boxReduceRgbOffThread(block, sourceWidth, 300, height, target, targetWidth, b * 150, 0),
      ),
    );
    expect(Buffer.compare(target, Buffer.from(expected))).toBe(0);
  });

  it('refuses a target the thread cannot write into', () => {
    expect(() => boxReduceRgbOffThread(new Uint8Array(12), 2, 2, 2, Buffer.alloc(3), 1, 0, 0)).toThrow(
      'shared memory',
    );
  });
});
