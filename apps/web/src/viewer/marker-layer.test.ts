import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { imageToClip } from './marker-layer.ts';

/** The same path step by step: image → map → CSS pixels (OpenLayers' transform) → clip space. */
function stepByStep(
  [a, b, c, d, e, f]: number[],
  [width, height]: [number, number],
  isFlipped: boolean,
  imageWidth: number,
  [x, y]: [number, number],
): [number, number] {
  const mx = isFlipped ? imageWidth - x : x;
  const my = -y;
  const px = a! * mx + c! * my + e!;
  const py = b! * mx + d! * my + f!;
  return [(px / width) * 2 - 1, 1 - (py / height) * 2];
}

describe('imageToClip', () => {
  it('maps image pixels to clip space as OpenLayers places them, flipped or not', () => {
    const finite = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(
        fc.tuple(finite, finite, finite, finite, finite, finite),
        fc.tuple(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 1, max: 4000 })),
        fc.boolean(),
        fc.integer({ min: 1, max: 200_000 }),
        fc.tuple(fc.double({ min: 0, max: 2e5, noNaN: true }), fc.double({ min: 0, max: 2e5, noNaN: true })),
        (transform, size, isFlipped, imageWidth, point) => {
          const [rowX, rowY] = imageToClip(transform, size, { isFlipped, imageWidth });
          const [cx, cy] = stepByStep(transform, size, isFlipped, imageWidth, point);
          const [x, y] = point;
          const scale = 1 + Math.abs(cx) + Math.abs(cy);
          expect(rowX[0] * x + rowX[1] * y + rowX[2]).toBeCloseTo(cx, 6 - Math.ceil(Math.log10(scale)));
          expect(rowY[0] * x + rowY[1] * y + rowY[2]).toBeCloseTo(cy, 6 - Math.ceil(Math.log10(scale)));
        },
      ),
    );
  });

  it('puts the view centre at the clip origin', () => {
    // A 1000 × 500 view at 2 image pixels per screen pixel centred on image (5000, 3000).
    const resolution = 2;
    const toPixel = [1 / resolution, 0, 0, -1 / resolution, 500 - 5000 / resolution, 250 - 3000 / resolution];
    const [rowX, rowY] = imageToClip(toPixel, [1000, 500], { isFlipped: false, imageWidth: 8000 });
    expect(rowX[0] * 5000 + rowX[1] * 3000 + rowX[2]).toBeCloseTo(0);
    expect(rowY[0] * 5000 + rowY[1] * 3000 + rowY[2]).toBeCloseTo(0);
    // 500 image pixels right of the centre is a quarter of the view: clip x 0.5.
    expect(rowX[0] * 5500 + rowX[1] * 3000 + rowX[2]).toBeCloseTo(0.5);
  });
});
