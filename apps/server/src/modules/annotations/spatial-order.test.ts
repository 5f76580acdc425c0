import { describe, expect, it } from 'vitest';
import { hilbertIndex, inSpatialOrder } from './spatial-order.ts';

describe('spatial order', () => {
  it('walks the grid cell by cell: the first 16 steps fill the 4 × 4 block at the origin', () => {
    const block = [];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) block.push(hilbertIndex(x, y));
    expect(block.sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });

  it('gives distinct cells distinct places, neighbours along the curve neighbours on the grid', () => {
    const byIndex = new Map<number, [number, number]>();
    for (let x = 0; x < 64; x++) for (let y = 0; y < 64; y++) byIndex.set(hilbertIndex(x, y), [x, y]);
    expect(byIndex.size).toBe(64 * 64);
    for (let d = 1; d < 64 * 64; d++) {
      const [ax, ay] = byIndex.get(d - 1)!;
      const [bx, by] = byIndex.get(d)!;
      expect(Math.abs(ax - bx) + Math.abs(ay - by)).toBe(1);
    }
  });

  it('puts rows of the same place together, whatever order they came in', () => {
    const at = (x: number, y: number, id: string) => ({
      id,
      min_x: x,
      min_y: y,
      max_x: x + 20,
      max_y: y + 20,
    });
    const rows = [
      at(0, 0, 'a1'),
      at(90_000, 40_000, 'b1'),
      at(30, 10, 'a2'),
      at(90_050, 40_020, 'b2'),
      at(10, 40, 'a3'),
    ];
    const ids = inSpatialOrder(rows).map((r) => r.id);
    expect(ids.slice(0, 3).sort()).toEqual(['a1', 'a2', 'a3']);
    expect(ids.slice(3).sort()).toEqual(['b1', 'b2']);
    expect(rows.map((r) => r.id)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']); // the input is left as it was
  });

  it('keeps boxes beyond the grid or before the origin in order without failing', () => {
    const rows = [
      { min_x: -50, min_y: -50, max_x: -10, max_y: -10 },
      { min_x: 300_000, min_y: 300_000, max_x: 300_010, max_y: 300_010 },
    ];
    expect(inSpatialOrder(rows)).toHaveLength(2);
  });
});
