import { describe, expect, it } from 'vitest';
import { describeField, SLIDE_FIELDS } from '@tessera/domain';
import { addGroup, defaultColumnState, moveColumn, removeGroup, restoreColumnState, setHidden, setPinned, setWidth, toggleSort, visibleColumns } from './column-state.ts';
import { selectedOf, setFilterOutcome } from './set-filter.ts';
import { UndoStack } from './undo.ts';

const fields = SLIDE_FIELDS.map((f) => describeField(f, null));

describe('column state', () => {
  const defaults = defaultColumnState(fields);
  it('starts from the descriptors: order, desired widths, default sort', () => {
    expect(defaults.order[1]).toBe('fileName');
    expect(defaults.widths.fileName).toBe(260);
    expect(defaults.sort).toEqual([{ colId: 'fileName', sort: 'asc' }]);
    expect(defaults.hidden).toContain('checksum');
  });
  it('cycles the sort; shift adds columns', () => {
    let s = toggleSort({ ...defaults, sort: [] }, 'blockId', false);
    expect(s.sort).toEqual([{ colId: 'blockId', sort: 'asc' }]);
    s = toggleSort(s, 'hScore', true);
    s = toggleSort(s, 'blockId', true);
    expect(s.sort).toEqual([{ colId: 'blockId', sort: 'desc' }, { colId: 'hScore', sort: 'asc' }]);
    s = toggleSort(s, 'blockId', true);
    expect(s.sort).toEqual([{ colId: 'hScore', sort: 'asc' }]);
    expect(toggleSort(s, 'organ', false).sort).toEqual([{ colId: 'organ', sort: 'asc' }]);
  });
  it('moves, resizes, hides, pins and groups', () => {
    let s = moveColumn(defaults, 'organ', 0);
    expect(s.order[0]).toBe('organ');
    s = setWidth(s, 'organ', 5);
    expect(s.widths.organ).toBe(60);
    s = setPinned(setHidden(s, 'name', true), 'blockId', 'left');
    const v = visibleColumns(s);
    expect(v.left).toEqual(['blockId']);
    expect(v.center).not.toContain('name');
    s = addGroup(addGroup(s, 'indicationV2'), 'organ', 0);
    expect(s.groups).toEqual(['organ', 'indicationV2']);
    expect(removeGroup(s, 'organ').groups).toEqual(['indicationV2']);
  });
  it('restores a saved state over the defaults and ignores what it does not know', () => {
    const restored = restoreColumnState(defaults, { order: ['organ', 'nope'], widths: { organ: 99999 }, hidden: ['blockId', 3], pinned: { organ: 'left', x: 'left', name: 'middle' }, sort: [{ colId: 'organ', sort: 'up' }], groups: ['organ'] });
    expect(restored.order[0]).toBe('organ');
    expect(restored.order).toHaveLength(defaults.order.length);
    expect(restored.widths.organ).toBe(1200);
    expect(restored.hidden).toEqual(['blockId']);
    expect(restored.pinned).toEqual({ organ: 'left' });
    expect(restored.sort).toEqual([]);
    expect(restored.groups).toEqual(['organ']);
    expect(restoreColumnState(defaults, 'garbage')).toBe(defaults);
  });
});

describe('set filter rules (spec 1 §5)', () => {
  const all = [null, 'A', 'B'];
  it('empty fetches nothing, all removes the filter, (Blanks) is null', () => {
    expect(setFilterOutcome(new Set(), all)).toEqual({ kind: 'nothing' });
    expect(setFilterOutcome(new Set(all), all)).toEqual({ kind: 'remove' });
    expect(setFilterOutcome(new Set([null, 'B']), all)).toEqual({ kind: 'filter', values: [null, 'B'] });
    expect(setFilterOutcome(new Set([true]), [true, false])).toEqual({ kind: 'filter', values: ['true'] });
    expect([...selectedOf(['true', null], [null, true, false])]).toEqual([null, true]);
  });
});

describe('undo and redo', () => {
  it('takes steps back and forth; a new edit drops the redo', () => {
    const stack = new UndoStack();
    stack.push([{ rowId: 'a', field: 'blockId', before: 'x', after: 'y' }]);
    expect(stack.undo()).toEqual([{ rowId: 'a', field: 'blockId', before: 'y', after: 'x' }]);
    expect(stack.canRedo).toBe(true);
    expect(stack.redo()).toEqual([{ rowId: 'a', field: 'blockId', before: 'x', after: 'y' }]);
    stack.undo();
    stack.push([{ rowId: 'b', field: 'organ', before: null, after: 'Lung' }]);
    expect(stack.canRedo).toBe(false);
    stack.undo();
    stack.revertUndo();
    expect(stack.canUndo).toBe(true);
    expect(stack.canRedo).toBe(false);
  });
});
