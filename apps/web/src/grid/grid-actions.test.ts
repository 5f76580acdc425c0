import { describe, expect, it } from 'vitest';
import { describeField, SLIDE_FIELDS } from '@tessera/domain';
import { actionForKey, performKey } from '../actions/action.ts';
import { GRID_ACTIONS, type GridActionContext } from './grid-actions.ts';
import { rangeOf, type CellPos } from './selection.ts';

const field = (name: string) => describeField(SLIDE_FIELDS.find((f) => f.fieldName === name)!, null);

/** A grid of 50 rows × 6 columns focused at `focus`, recording what the actions asked of it. */
function gridAt(focus: CellPos, over: Partial<GridActionContext> = {}) {
  const calls: unknown[][] = [];
  const context: GridActionContext = {
    selection: {
      focus,
      anchor: null,
      range: rangeOf(null, focus),
      moveFocus: (...args) => void calls.push(['moveFocus', ...args]),
      clickCell: () => undefined,
      selectAll: () => void calls.push(['selectAll']),
      setFocus: () => undefined,
      pageRows: () => 10,
    },
    editing: {
      editing: null,
      startEdit: (...args) => void calls.push(['startEdit', ...args]),
      finishEdit: () => null,
      cancelEdit: () => undefined,
      applyBlock: (...args) => void calls.push(['applyBlock', ...args]),
    },
    rowCount: 50,
    colCount: 6,
    focusedRow: { row: {}, depth: 0, path: [], index: focus.row, isGroup: false, isExpanded: false },
    focusedField: field('blockId'),
    toggleGroup: () => void calls.push(['toggleGroup']),
    ...over,
  };
  return { calls, actions: GRID_ACTIONS.bind(context, false).list };
}

const key = (k: string, mods: { ctrlKey?: boolean; shiftKey?: boolean } = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
  preventDefault: () => undefined,
});

describe("the grid's keys", () => {
  it('move, extend with Shift, and jump with Ctrl+Home/End and pages', () => {
    const { calls, actions } = gridAt({ row: 4, col: 2 });
    for (const k of [key('ArrowDown'), key('ArrowLeft', { shiftKey: true }), key('PageUp'), key('End')])
      performKey(actions, k);
    performKey(actions, key('Home', { ctrlKey: true }));
    performKey(actions, key('End', { ctrlKey: true, shiftKey: true }));
    expect(calls).toEqual([
      ['moveFocus', 5, 2, false],
      ['moveFocus', 4, 1, true],
      ['moveFocus', -6, 2, false],
      ['moveFocus', 4, 5, false],
      ['moveFocus', 0, 0, false],
      ['moveFocus', 49, 5, true],
    ]);
  });

  it('Enter opens a group row, else edits; Space toggles a boolean, else is typed', () => {
    const group = { row: {}, depth: 0, path: [], index: 0, isGroup: true, isExpanded: false };
    expect(actionForKey(gridAt({ row: 0, col: 0 }, { focusedRow: group }).actions, key('Enter'))?.id).toBe(
      'grid.toggleGroup',
    );
    expect(actionForKey(gridAt({ row: 0, col: 0 }).actions, key('Enter'))?.id).toBe('grid.editCell');
    const bool = gridAt({ row: 1, col: 3 }, { focusedField: field('consentObtained') });
    performKey(bool.actions, key(' '));
    expect(bool.calls).toEqual([['startEdit', { row: 1, col: 3 }, null]]);
    const text = gridAt({ row: 1, col: 3 });
    performKey(text.actions, key(' '));
    performKey(text.actions, key('X', { shiftKey: true }));
    expect(text.calls).toEqual([
      ['startEdit', { row: 1, col: 3 }, ' '],
      ['startEdit', { row: 1, col: 3 }, 'X'],
    ]);
  });

  it('Delete clears the range; Ctrl+C is left to the copy event; Ctrl+A selects all', () => {
    const { calls, actions } = gridAt({ row: 2, col: 1 });
    performKey(actions, key('Delete'));
    expect(performKey(actions, key('c', { ctrlKey: true }))).toBe(false);
    performKey(actions, key('a', { ctrlKey: true }));
    expect(calls).toEqual([['applyBlock', 2, 1, [[null]]], ['selectAll']]);
  });
});
