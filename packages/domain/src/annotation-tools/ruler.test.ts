import { describe, expect, it } from 'vitest';
import { areaUm2, formatArea, formatLength, lengthUm } from './ruler.ts';

describe('ruler (spec 2 §4, §9)', () => {
  it('says lengths in µm below 5000 µm and in mm from there', () => {
    expect(formatLength(4999)).toBe('4,999 µm');
    expect(formatLength(5000)).toBe('5 mm');
    expect(formatLength(12.345)).toBe('12.3 µm');
    expect(formatLength(7250)).toBe('7.25 mm');
  });

  it('says areas in µm² below 10000 µm² and in mm² from there', () => {
    expect(formatArea(9999)).toBe('9,999 µm²');
    expect(formatArea(2_500_000)).toBe('2.5 mm²');
  });

  it('measures in micrometres by each axis pixel size', () => {
    expect(lengthUm([0, 0], [3, 4], { x: 1e-6, y: 1e-6 })).toBeCloseTo(5);
    expect(lengthUm([0, 0], [0, 10], { x: 1e-6, y: 2e-6 })).toBeCloseTo(20);
    expect(
      areaUm2(
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ],
        { x: 1e-6, y: 1e-6 },
      ),
    ).toBeCloseTo(100);
  });
});
