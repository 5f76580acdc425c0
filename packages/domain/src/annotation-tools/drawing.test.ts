import { describe, expect, it } from 'vitest';
import type { Position } from '../annotations/geometry.ts';
import { finishStroke, isValidRing } from './drawing.ts';

const options = { isClosing: false, connect: 10, tolerance: 1 };
const square: Position[] = [
  [0, 0],
  [100, 0],
  [100, 100],
  [0, 100],
];

describe('finishing a stroke (spec 2 §4, §5)', () => {
  it('discards a stroke of fewer than 3 points', () => {
    expect(finishStroke([[0, 0]], options)).toBeNull();
    expect(
      finishStroke(
        [
          [0, 0],
          [50, 50],
        ],
        { ...options, isClosing: true },
      ),
    ).toBeNull();
  });

  it('keeps an open stroke as a line', () => {
    expect(finishStroke(square, options)).toEqual({ type: 'LineString', coordinates: square });
  });

  it('closes a stroke that ends near its start, or with Shift, into a polygon', () => {
    const back: Position[] = [...square, [4, 3]];
    expect(finishStroke(back, options)).toEqual({ type: 'Polygon', coordinates: [[...square, [0, 0]]] });
    expect(finishStroke(square, { ...options, isClosing: true })).toEqual({
      type: 'Polygon',
      coordinates: [[...square, [0, 0]]],
    });
  });

  it('discards a polygon that encloses nothing', () => {
    const line: Position[] = [
      [0, 0],
      [10, 0],
      [20, 0],
      [30, 0],
    ];
    expect(finishStroke(line, { ...options, isClosing: true })).toBeNull();
  });

  it('simplifies at the tolerance, keeping the ends', () => {
    const dense: Position[] = Array.from({ length: 101 }, (_, i) => [i, 0] as Position);
    const line = finishStroke(dense, { ...options, tolerance: 10 });
    expect(line?.type).toBe('LineString');
    expect(line?.coordinates).toHaveLength(11);
  });

  it('knows a valid ring', () => {
    expect(isValidRing([...square, [0, 0]])).toBe(true);
    expect(isValidRing(square)).toBe(false);
    expect(
      isValidRing([
        [0, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe(false);
  });
});
