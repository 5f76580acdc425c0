import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ANNOTATION_FILL_OPACITY,
  annotationFillAlpha,
  annotationFillOpacityOf,
} from './annotation-display.ts';

describe('annotation fill (spec 2 §9)', () => {
  it('is the opacity divided by 100 while the fill is on, and nothing while it is off', () => {
    expect(annotationFillAlpha({ isFilled: true, fillOpacity: ANNOTATION_FILL_OPACITY.default })).toBe(0.5);
    expect(annotationFillAlpha({ isFilled: true, fillOpacity: 100 })).toBe(1);
    expect(annotationFillAlpha({ isFilled: true, fillOpacity: 0 })).toBe(0);
    expect(annotationFillAlpha({ isFilled: false, fillOpacity: 80 })).toBe(0);
  });

  it('keeps any opacity a whole number within 0–100, and takes the default for what is not a number', () => {
    expect(annotationFillOpacityOf(-5)).toBe(0);
    expect(annotationFillOpacityOf(140)).toBe(100);
    expect(annotationFillOpacityOf(33.4)).toBe(33);
    expect(annotationFillOpacityOf(Number.NaN)).toBe(50);
    expect(annotationFillOpacityOf('70')).toBe(50);
    fc.assert(
      fc.property(fc.double(), (value) => {
        const opacity = annotationFillOpacityOf(value);
        return Number.isInteger(opacity) && opacity >= 0 && opacity <= 100;
      }),
    );
  });
});
