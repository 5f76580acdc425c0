/**
 * Undo and redo of cell edits (issue #4 point 4). One step may hold several cells (a paste, a fill);
 * a new edit after undoing drops what could be redone. The grid offers them only while no cell is
 * being edited (spec 1 §5).
 */
export interface CellChange {
  rowId: string;
  field: string;
  before: unknown;
  after: unknown;
}

export const MAX_UNDO_STEPS = 100;

export class UndoStack {
  private done: CellChange[][] = [];
  private undone: CellChange[][] = [];

  push(step: CellChange[]): void {
    if (step.length === 0) return;
    this.done.push(step);
    if (this.done.length > MAX_UNDO_STEPS) this.done.shift();
    this.undone = [];
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** The changes that take the last step back (after → before), or null. */
  undo(): CellChange[] | null {
    const step = this.done.pop();
    if (!step) return null;
    this.undone.push(step);
    return step.map((c) => ({ ...c, before: c.after, after: c.before }));
  }

  redo(): CellChange[] | null {
    const step = this.undone.pop();
    if (!step) return null;
    this.done.push(step);
    return step;
  }

  /** A step that could not be applied (the server refused it) leaves the stacks as they were before it. */
  revertUndo(): void {
    const step = this.undone.pop();
    if (step) this.done.push(step);
  }

  revertRedo(): void {
    const step = this.done.pop();
    if (step) this.undone.push(step);
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
