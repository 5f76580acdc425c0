import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  magnificationAt,
  mapExtentOf,
  parseBbox,
  pixelBoxOf,
  resolutionForMagnification,
  VIEWER_MESSAGES,
} from './viewer-rules.ts';

describe('parseBbox', () => {
  it('reads four numbers as an image box', () => {
    expect(parseBbox('1,2,3,4')).toEqual({ box: { minX: 1, minY: 2, maxX: 3, maxY: 4 } });
    expect(parseBbox('-10.5,0,1e3,.5')).toEqual({ box: { minX: -10.5, minY: 0, maxX: 1000, maxY: 0.5 } });
  });

  it.each([
    '',
    '1,2,3',
    '1,2,3,4,5',
    '1,2,,4',
    'a,2,3,4',
    ' 1,2,3,4',
    '1,2,3,Infinity',
    '0x10,2,3,4',
    '1;2;3;4',
  ])("refuses '%s' with the spec's message", (text) =>
    expect(parseBbox(text)).toEqual({ error: VIEWER_MESSAGES.invalidBbox }),
  );

  it('refuses an empty box and one outside the image', () => {
    const size = { w: 1000, h: 500 };
    expect(parseBbox('10,10,10,20', size)).toEqual({ error: VIEWER_MESSAGES.bboxOutsideImage });
    expect(parseBbox('30,10,20,20', size)).toEqual({ error: VIEWER_MESSAGES.bboxOutsideImage });
    expect(parseBbox('1000,0,1200,100', size)).toEqual({ error: VIEWER_MESSAGES.bboxOutsideImage });
    expect(parseBbox('0,500,10,600', size)).toEqual({ error: VIEWER_MESSAGES.bboxOutsideImage });
    expect(parseBbox('-100,-100,1,1', size)).toEqual({ box: { minX: -100, minY: -100, maxX: 1, maxY: 1 } });
  });

  it('reads back any box written as its four numbers', () => {
    const tenths = fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 10);
    fc.assert(
      fc.property(tenths, tenths, tenths, tenths, (a, b, c, d) => {
        fc.pre(a !== c && b !== d);
        const box = {
          minX: Math.min(a, c),
          minY: Math.min(b, d),
          maxX: Math.max(a, c),
          maxY: Math.max(b, d),
        };
        expect(parseBbox(`${box.minX},${box.minY},${box.maxX},${box.maxY}`)).toEqual({ box });
      }),
    );
  });
});

describe('map extents', () => {
  it('negate and swap the Y values, and back', () => {
    const box = { minX: 1, minY: 2, maxX: 3, maxY: 4 };
    expect(mapExtentOf(box)).toEqual([1, -4, 3, -2]);
    expect(pixelBoxOf(mapExtentOf(box))).toEqual(box);
  });
});

describe('magnification', () => {
  it('is the scan magnification over the resolution', () => {
    expect(resolutionForMagnification(40, 10)).toBe(4);
    expect(resolutionForMagnification(20, 40)).toBe(0.5);
    expect(magnificationAt(40, 4)).toBe(10);
  });
});
