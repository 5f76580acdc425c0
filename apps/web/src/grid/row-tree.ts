/**
 * The grid's rows as the server hands them out (spec 1 §7, server-side rows): blocks of 100 per level,
 * loaded as they scroll into view. Without grouping there is one level of slide rows; with grouping,
 * every expanded group row holds its own blocks of the next level (group rows again, or slide rows).
 * The display list is the depth-first walk of what is expanded; rows not loaded yet are placeholders.
 */

export const BLOCK_SIZE = 100;

export type GroupKey = string | number | boolean | null;
export type Row = Record<string, unknown>;

interface Node {
  /** Group keys from the root to this node's rows (empty at the root). */
  path: GroupKey[];
  /** Rows at this level; undefined until the first block answered. */
  rowCount: number | undefined;
  blocks: Map<number, Row[]>;
  /** Expanded group rows by their index in this node. */
  expanded: Map<number, Node>;
}

export interface DisplayRow {
  /** The row, or undefined while its block is loading. */
  row: Row | undefined;
  /** 0 at the top level; a group's children one deeper. */
  depth: number;
  path: GroupKey[];
  /** Index among its level's rows. */
  index: number;
  isGroup: boolean;
  isExpanded: boolean;
}

/** A block to fetch: rows [block × 100, block × 100 + 100) of the level under `path`. */
export interface BlockRequest {
  path: GroupKey[];
  block: number;
}

const newNode = (path: GroupKey[]): Node => ({
  path,
  rowCount: undefined,
  blocks: new Map(),
  expanded: new Map(),
});
export const blockKey = (request: BlockRequest): string => JSON.stringify([request.path, request.block]);

export class RowTree {
  private root: Node = newNode([]);
  /** Increases on reset, so answers to requests of an older query are dropped. */
  generation = 0;

  constructor(private groupDepth = 0) {}

  /** Forgets every row (filters, sort or grouping changed; refresh); `groupDepth` is the number of grouped fields. */
  reset(groupDepth = this.groupDepth): void {
    this.groupDepth = groupDepth;
    this.root = newNode([]);
    this.generation++;
  }

  /** Rows in the display list (an unloaded level counts as one placeholder row until it answers). */
  get size(): number {
    return sizeOf(this.root);
  }

  /** The total reported for the top level, once known. */
  get topRowCount(): number | undefined {
    return this.root.rowCount;
  }

  setBlock(request: BlockRequest, rows: Row[], rowCount: number): void {
    const node = this.find(request.path);
    if (!node) return; // collapsed since it was asked for
    node.rowCount = rowCount;
    node.blocks.set(request.block, rows);
  }

  /** Replaces a loaded slide row (after an edit) wherever it is shown; matched by id. */
  replaceRow(id: unknown, row: Row): void {
    const visit = (node: Node) => {
      for (const rows of node.blocks.values())
        rows.forEach((r, i) => r.id === id && !r.isGroup && (rows[i] = row));
      node.expanded.forEach(visit);
    };
    visit(this.root);
  }

  /** Expands or collapses the group row at `index` of the level under `path`. */
  toggle(path: GroupKey[], index: number, key: GroupKey): void {
    const node = this.find(path);
    if (!node) return;
    if (node.expanded.has(index)) node.expanded.delete(index);
    else node.expanded.set(index, newNode([...path, key]));
  }

  /** The display rows [start, end), with the blocks missing among them. */
  window(start: number, end: number): { rows: DisplayRow[]; missing: BlockRequest[] } {
    const rows: DisplayRow[] = [];
    const missing = new Map<string, BlockRequest>();
    const walk = (node: Node, depth: number, offset: number): void => {
      // A level whose count is not known yet shows one placeholder row while its first block loads.
      const count = node.rowCount ?? 1;
      const expandedAt = [...node.expanded.keys()].sort((a, b) => a - b);
      const isGroup = node.path.length < this.groupDepth;
      let at = offset;
      for (let i = 0; i < count && at < end; ) {
        const child = node.expanded.get(i);
        if (!child && at < start) {
          // Plain rows before the window are skipped in one step, up to the next expanded group.
          const nextExpanded = expandedAt.find((e) => e > i) ?? count;
          const skip = Math.min(nextExpanded - i, start - at);
          i += skip;
          at += skip;
          continue;
        }
        const span = 1 + (child ? sizeOf(child) : 0);
        if (at + span <= start) {
          i++;
          at += span;
          continue;
        }
        if (at >= start) {
          const block = Math.floor(i / BLOCK_SIZE);
          if (!node.blocks.has(block))
            missing.set(blockKey({ path: node.path, block }), { path: node.path, block });
          rows.push({
            row: node.blocks.get(block)?.[i % BLOCK_SIZE],
            depth,
            path: node.path,
            index: i,
            isGroup,
            isExpanded: !!child,
          });
        }
        at++;
        if (child) {
          walk(child, depth + 1, at);
          at += sizeOf(child);
        }
        i++;
      }
    };
    walk(this.root, 0, 0);
    return { rows, missing: [...missing.values()] };
  }

  private find(path: GroupKey[]): Node | undefined {
    let node: Node | undefined = this.root;
    for (let depth = 0; depth < path.length && node; depth++) {
      const key = JSON.stringify(path[depth]);
      node = [...node.expanded.values()].find((c) => JSON.stringify(c.path[depth]) === key);
    }
    return node;
  }
}
function sizeOf(node: Node): number {
  let size = node.rowCount ?? 1;
  for (const child of node.expanded.values()) size += sizeOf(child);
  return size;
}
