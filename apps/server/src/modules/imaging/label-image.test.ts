import { describe, expect, it } from 'vitest';
import { labelImageOf } from './label-image.ts';

const level = (width: number, height: number) => ({
  width,
  height,
  tileWidth: 256,
  tileHeight: 256,
  downsample: 1,
});
const info = (
  associatedImages: { kind: string; width: number; height: number }[],
  levels = [level(40_000, 30_000), level(2_500, 1_875)],
) => JSON.stringify({ format: 'aperio-svs', levels, associatedImages });

describe('the Label column’s picture', () => {
  it('is the label where the file has one', () => {
    expect(
      labelImageOf(
        info([
          { kind: 'label', width: 400, height: 380 },
          { kind: 'thumbnail', width: 1000, height: 700 },
        ]),
      ),
    ).toBe('label');
  });
  it('is the thumbnail where it has none: its own, or its smallest level', () => {
    expect(labelImageOf(info([{ kind: 'thumbnail', width: 1000, height: 700 }]))).toBe('thumbnail');
    expect(labelImageOf(info([{ kind: 'macro', width: 1000, height: 700 }]))).toBe('thumbnail');
  });
  it('is none when nothing can be rendered: a smallest level beyond the canvas, a huge label', () => {
    expect(labelImageOf(info([], [level(40_000, 30_000), level(10_000, 7_500)]))).toBeNull();
    expect(
      labelImageOf(info([{ kind: 'label', width: 20_000, height: 20_000 }], [level(40_000, 30_000)])),
    ).toBeNull();
  });
  it('is none for a slide without a stored file (metadata only) or unreadable info', () => {
    expect(labelImageOf('{}')).toBeNull();
    expect(labelImageOf('not json')).toBeNull();
    expect(labelImageOf('null')).toBeNull();
    expect(labelImageOf(JSON.stringify({ levels: 'x', associatedImages: [null] }))).toBeNull();
  });
});
