import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, RowTree } from './row-tree.ts';

const rows = (from: number, n: number, extra: object = {}) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, ...extra }));

describe('RowTree (server-side blocks)', () => {
  it('shows one placeholder until the first block answers, then asks for the blocks in view', () => {
    const tree = new RowTree(0);
    expect(tree.size).toBe(1);
    expect(tree.window(0, 30).missing).toEqual([{ path: [], block: 0 }]);
    tree.setBlock({ path: [], block: 0 }, rows(0, BLOCK_SIZE), 250);
    expect(tree.size).toBe(250);
    const view = tree.window(90, 120);
    expect(view.rows.map((r) => r.row?.id ?? null)).toEqual([
      ...rows(90, 10).map((r) => r.id),
      ...Array(20).fill(null),
    ]);
    expect(view.missing).toEqual([{ path: [], block: 1 }]);
    expect(tree.window(240, 260).rows).toHaveLength(10);
  });

  it('expands group rows into their own blocks, depth first, and skips to deep windows', () => {
    const tree = new RowTree(1);
    tree.setBlock(
      { path: [], block: 0 },
      [
        { g: 'A', childCount: 3 },
        { g: 'B', childCount: 2 },
        { g: null, childCount: 1 },
      ],
      3,
    );
    tree.toggle([], 1, 'B');
    expect(tree.size).toBe(4); // A, B, placeholder of B's rows, blanks
    const before = tree.window(0, 10);
    expect(before.missing).toEqual([{ path: ['B'], block: 0 }]);
    tree.setBlock({ path: ['B'], block: 0 }, rows(0, 2), 2);
    const view = tree.window(0, 10);
    const label = (r: { row: Record<string, unknown> | undefined }) =>
      r.row && 'g' in r.row ? r.row.g : r.row?.id;
    expect(view.rows.map((r) => [r.depth, r.isGroup, label(r)])).toEqual([
      [0, true, 'A'],
      [0, true, 'B'],
      [1, false, 'r0'],
      [1, false, 'r1'],
      [0, true, null],
    ]);
    expect(view.rows[1]!.isExpanded).toBe(true);
    expect(tree.window(3, 5).rows.map(label)).toEqual(['r1', null]);
    tree.toggle([], 1, 'B');
    expect(tree.size).toBe(3);
  });

  it('finds a deep window of a large level without walking every row', () => {
    const tree = new RowTree(0);
    tree.setBlock({ path: [], block: 0 }, rows(0, 100), 1_000_000);
    const view = tree.window(999_990, 1_000_010);
    expect(view.rows).toHaveLength(10);
    expect(view.rows[0]!.index).toBe(999_990);
    expect(view.missing).toEqual([{ path: [], block: 9999 }]);
  });

  it('replaces an edited row wherever it is loaded, and drops everything on reset', () => {
    const tree = new RowTree(0);
    tree.setBlock({ path: [], block: 0 }, rows(0, 3), 3);
    tree.replaceRow('r1', { id: 'r1', blockId: 'new' });
    expect(tree.window(0, 3).rows[1]!.row).toEqual({ id: 'r1', blockId: 'new' });
    const generation = tree.generation;
    tree.reset();
    expect(tree.generation).toBe(generation + 1);
    expect(tree.size).toBe(1);
  });
});
