/**
 * Annotation edit operations and their history (spec 2 §4 "Annotation edit operations"; cell markers'
 * adds, deletes and updates beside the regions'): each operation
 * a user makes is recorded with what it changed, so that its inverse can undo it — add and delete undo
 * each other (a delete brought back restores the same ids), a geometry, class or lock change undoes to
 * what was before. Each set has its own history of at most 150; a new operation drops what could be
 * redone; undo and redo record nothing new; histories of sets no longer shown are dropped.
 */
import type { CellMarkerClass, RegionAnnotationType } from '../annotations/annotation-features.ts';
import type { Geometry, Position } from '../annotations/geometry.ts';

export const HISTORY_LIMIT = 150;

/** A region annotation as an operation saw it: enough to create it again under its id. */
export interface RegionSnapshot {
  id: string;
  geometry: Geometry;
  classId: string;
  type: RegionAnnotationType;
  isLocked: boolean;
}

/** A cell marker as an operation saw it. */
export interface MarkerSnapshot {
  id: string;
  position: Position;
  classes: CellMarkerClass[];
}

/** What a marker update changes: its place (a drag) or its classes (a toggle). */
export interface MarkerState {
  position: Position;
  classes: CellMarkerClass[];
}

interface Change<T> {
  id: string;
  before: T;
  after: T;
}

export type AnnotationOperation =
  | { kind: 'addRegions'; regions: RegionSnapshot[] }
  | { kind: 'deleteRegions'; regions: RegionSnapshot[] }
  | { kind: 'updateGeometries'; changes: Change<Geometry>[] }
  | { kind: 'updateRegionClasses'; changes: Change<string>[] }
  | { kind: 'lockRegions'; changes: Change<boolean>[] }
  | { kind: 'addMarkers'; markers: MarkerSnapshot[] }
  | { kind: 'deleteMarkers'; markers: MarkerSnapshot[] }
  | { kind: 'updateMarkers'; changes: Change<MarkerState>[] };

const swapped = <T>(changes: readonly Change<T>[]): Change<T>[] =>
  changes.map(({ id, before, after }) => ({ id, before: after, after: before }));

/** The operation that undoes `operation`. */
export function inverseOf(operation: AnnotationOperation): AnnotationOperation {
  switch (operation.kind) {
    case 'addRegions':
      return { kind: 'deleteRegions', regions: operation.regions };
    case 'deleteRegions':
      return { kind: 'addRegions', regions: operation.regions };
    case 'addMarkers':
      return { kind: 'deleteMarkers', markers: operation.markers };
    case 'deleteMarkers':
      return { kind: 'addMarkers', markers: operation.markers };
    case 'updateGeometries':
    case 'updateRegionClasses':
    case 'lockRegions':
    case 'updateMarkers':
      return { ...operation, changes: swapped<never>(operation.changes as Change<never>[]) };
  }
}

interface Stacks {
  undo: AnnotationOperation[];
  redo: AnnotationOperation[];
}

/**
 * The per-set histories. Taking an entry (`takeUndo`, `takeRedo`) hands over the operation to perform;
 * once it has succeeded, `undone` or `redone` files it on the other side. One that fails is gone: the
 * set is read again from the server then, and the history cannot speak for it any more.
 */
export class AnnotationHistory {
  private readonly sets = new Map<string, Stacks>();

  private stacksOf(setId: string): Stacks {
    let stacks = this.sets.get(setId);
    if (!stacks) this.sets.set(setId, (stacks = { undo: [], redo: [] }));
    return stacks;
  }

  /** A new operation the user made: undoable, and nothing can be redone any more. */
  record(setId: string, operation: AnnotationOperation): void {
    const stacks = this.stacksOf(setId);
    stacks.undo.push(operation);
    if (stacks.undo.length > HISTORY_LIMIT) stacks.undo.shift();
    stacks.redo = [];
  }

  canUndo = (setId: string): boolean => (this.sets.get(setId)?.undo.length ?? 0) > 0;
  canRedo = (setId: string): boolean => (this.sets.get(setId)?.redo.length ?? 0) > 0;

  /** The last operation, taken off the history; perform its inverse, then call `undone`. */
  takeUndo(setId: string): AnnotationOperation | undefined {
    return this.sets.get(setId)?.undo.pop();
  }

  undone(setId: string, operation: AnnotationOperation): void {
    this.stacksOf(setId).redo.push(operation);
  }

  /** The last undone operation, taken off; perform it again, then call `redone`. */
  takeRedo(setId: string): AnnotationOperation | undefined {
    return this.sets.get(setId)?.redo.pop();
  }

  redone(setId: string, operation: AnnotationOperation): void {
    const stacks = this.stacksOf(setId);
    stacks.undo.push(operation);
    if (stacks.undo.length > HISTORY_LIMIT) stacks.undo.shift();
  }

  /** Drops the histories of sets other than these (spec 2 §4: sets no longer present). */
  retain(setIds: Iterable<string>): void {
    const kept = new Set(setIds);
    for (const setId of this.sets.keys()) if (!kept.has(setId)) this.sets.delete(setId);
  }

  /** Forgets everything (spec 2 §2: most navigation resets the undo history). */
  clear(): void {
    this.sets.clear();
  }
}
