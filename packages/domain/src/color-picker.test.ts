import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexOfRgb, parseHexColor, rgbEntryValue } from './color-picker.ts';
import type { Rgb } from './equalization.ts';

describe('colour picker hex text (spec 3 §5)', () => {
  it('parses #RRGGBB and #RGB, with or without #, in any case and with blanks around', () => {
    expect(parseHexColor('#ff8000')).toEqual([255, 128, 0]);
    expect(parseHexColor('FF8000')).toEqual([255, 128, 0]);
    expect(parseHexColor('  #0aF  ')).toEqual([0, 170, 255]);
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      '#',
      '#12',
      '#1234',
      '#12345',
      '#1234567',
      '#ggg',
      'red',
      'rgb(1,2,3)',
      '#ff80 00',
    ])
      expect(parseHexColor(text)).toBeNull();
  });

  it('writes lower-case #rrggbb that parses back to the same colour', () => {
    expect(hexOfRgb([0, 10, 255])).toBe('#000aff');
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(byte, byte, byte), (rgb: Rgb) => {
        expect(parseHexColor(hexOfRgb(rgb))).toEqual(rgb);
      }),
    );
  });
});

describe('colour picker RGB entries (spec 3 §5)', () => {
  it('takes integers 0-255; empty means 0', () => {
    expect(rgbEntryValue('0', 9)).toBe(0);
    expect(rgbEntryValue(' 255 ', 9)).toBe(255);
    expect(rgbEntryValue('', 9)).toBe(0);
    expect(rgbEntryValue('  ', 9)).toBe(0);
  });

  it('ignores out-of-range and non-integer input (the entry keeps its value)', () => {
    for (const text of ['256', '-1', '1.5', 'abc', '1e2', '0x10']) expect(rgbEntryValue(text, 9)).toBe(9);
  });
});
