import { describe, expect, it } from 'vitest';
import {
  AnnotationHistory,
  HISTORY_LIMIT,
  inverseOf,
  type AnnotationOperation,
} from './annotation-history.ts';

const region = {
  id: '7',
  geometry: { type: 'Point' as const, coordinates: [1, 2] as [number, number] },
  classId: 'Tumor',
  type: 'Freehand' as const,
  isLocked: false,
};
const add: AnnotationOperation = { kind: 'addRegions', regions: [region] };
const lock: AnnotationOperation = { kind: 'lockRegions', changes: [{ id: '7', before: false, after: true }] };

describe('annotation history (spec 2 §4)', () => {
  it('undoes add by delete, delete by add, and a change to what was before', () => {
    expect(inverseOf(add)).toEqual({ kind: 'deleteRegions', regions: [region] });
    expect(inverseOf(inverseOf(add))).toEqual(add);
    const marker = { id: '3', position: [1, 2] as [number, number], classes: [{ classId: 'Tumor cell' }] };
    expect(inverseOf({ kind: 'addMarkers', markers: [marker] })).toEqual({
      kind: 'deleteMarkers',
      markers: [marker],
    });
    expect(inverseOf(lock)).toEqual({
      kind: 'lockRegions',
      changes: [{ id: '7', before: true, after: false }],
    });
  });

  it('keeps a history per set; undone entries redo until a new operation', () => {
    const history = new AnnotationHistory();
    history.record('a', add);
    history.record('a', lock);
    expect(history.canUndo('b')).toBe(false);
    const last = history.takeUndo('a')!;
    expect(last).toBe(lock);
    history.undone('a', last);
    expect(history.canRedo('a')).toBe(true);
    const again = history.takeRedo('a')!;
    history.redone('a', again);
    expect(history.canRedo('a')).toBe(false);
    history.takeUndo('a');
    history.undone('a', lock);
    history.record('a', add);
    expect(history.canRedo('a')).toBe(false);
  });

  it('holds at most 150 per set and drops the histories of sets no longer shown', () => {
    const history = new AnnotationHistory();
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) history.record('a', add);
    let count = 0;
    while (history.takeUndo('a')) count++;
    expect(count).toBe(HISTORY_LIMIT);
    history.record('a', add);
    history.record('b', add);
    history.retain(['b']);
    expect(history.canUndo('a')).toBe(false);
    expect(history.canUndo('b')).toBe(true);
  });
});
