import { describe, expect, it } from 'vitest';
import { describeField, QC_SLIDE_FIELDS, SLIDE_FIELDS } from '@tessera/domain';
import {
  addGroup,
  defaultColumnState,
  moveColumn,
  readFieldsOf,
  removeGroup,
  restoreColumnState,
  setHidden,
  setPinned,
  setWidth,
  toggleSort,
  visibleColumns,
} from './column-state.ts';
import { selectedOf, setFilterOutcome } from './set-filter.ts';
import { UndoStack } from './undo.ts';

const fields = SLIDE_FIELDS.map((f) => describeField(f, null));

describe('column state', () => {
  const defaults = defaultColumnState(fields);
  it('starts from the descriptors: order, desired widths, default sort', () => {
    expect(defaults.order[1]).toBe('fileName');
    expect(defaults.widths.fileName).toBe(340);
    // Headers fit beside their buttons: 'Status' and 'File Extension' were cut at their desired widths.
    expect(defaults.widths.status).toBeGreaterThanOrEqual('Status'.length * 8 + 80);
    expect(defaults.widths.fileExtension).toBeGreaterThanOrEqual('File Extension'.length * 8 + 80);
    expect(defaults.sort).toEqual([{ colId: 'fileName', sort: 'asc' }]);
    expect(defaults.hidden).toContain('checksum');
  });
  it('cycles the sort; shift adds columns', () => {
    let s = toggleSort({ ...defaults, sort: [] }, 'blockId', false);
    expect(s.sort).toEqual([{ colId: 'blockId', sort: 'asc' }]);
    s = toggleSort(s, 'hScore', true);
    s = toggleSort(s, 'blockId', true);
    expect(s.sort).toEqual([
      { colId: 'blockId', sort: 'desc' },
      { colId: 'hScore', sort: 'asc' },
    ]);
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
    expect(v.left).toEqual(['fileName', 'blockId']);
    expect(v.center).not.toContain('name');
    s = addGroup(addGroup(s, 'indicationV2'), 'organ', 0);
    expect(s.groups).toEqual(['organ', 'indicationV2']);
    expect(removeGroup(s, 'organ').groups).toEqual(['indicationV2']);
  });
  it('restores a saved state over the defaults and ignores what it does not know', () => {
    const restored = restoreColumnState(fields, {
      order: ['organ', 'nope'],
      widths: { organ: 99999 },
      hidden: ['blockId', 3],
      pinned: { organ: 'left', x: 'left', name: 'middle' },
      sort: [{ colId: 'organ', sort: 'up' }],
      groups: ['organ'],
    });
    expect(restored.order[0]).toBe('organ');
    expect(restored.order).toHaveLength(defaults.order.length);
    expect(restored.widths.organ).toBe(1200);
    expect(restored.hidden).toEqual(['blockId']);
    expect(restored.pinned).toEqual({ organ: 'left' });
    expect(restored.sort).toEqual([]);
    expect(restored.groups).toEqual(['organ']);
    expect(restoreColumnState(fields, 'garbage')).toEqual(defaults);
  });
  it('pins File Name left by default, so a row keeps its name when the grid scrolls sideways', () => {
    expect(defaults.pinned).toEqual({ fileName: 'left' });
    expect(visibleColumns(defaults).left).toEqual(['fileName']);
    expect(restoreColumnState(fields, { pinned: {} }).pinned).toEqual({});
  });
  it('repairs a saved state that no longer fits the registry instead of failing on it', () => {
    // A grouping by a field that is gone (the crash of issue #10), by one that cannot group, twice by one.
    expect(restoreColumnState(fields, { groups: ['removedField'] }).groups).toEqual([]);
    expect(
      restoreColumnState(fields, { groups: ['assays', 'fileName', 'organ', 'organ', null, { x: 1 }] }).groups,
    ).toEqual(['organ']);
    // Wrong shapes fall back to the defaults, field by field.
    const wrong = restoreColumnState(fields, {
      order: 'fileName',
      widths: [300],
      hidden: { blockId: true },
      pinned: ['fileName'],
      sort: { colId: 'organ' },
      groups: 'organ',
    });
    expect(wrong).toEqual(defaults);
    for (const saved of [null, undefined, 42, [], [['organ']], 'garbage'])
      expect(restoreColumnState(fields, saved)).toEqual(defaults);
    // Widths that are no finite number keep the default; sorts by unknown, unsortable or repeated fields go.
    const odd = restoreColumnState(fields, {
      widths: { organ: 'wide', blockId: null, status: -5, hScore: Number.POSITIVE_INFINITY },
      sort: [
        { colId: 'label', sort: 'asc' },
        { colId: 'gone', sort: 'asc' },
        { colId: 'organ', sort: 'desc' },
        { colId: 'organ', sort: 'asc' },
        null,
      ],
      hidden: ['organ', 'organ', 'gone'],
      order: ['organ', 'organ'],
    });
    expect(odd.widths.organ).toBe(defaults.widths.organ);
    expect(odd.widths.blockId).toBe(defaults.widths.blockId);
    expect(odd.widths.status).toBe(60);
    expect(odd.widths.hScore).toBe(defaults.widths.hScore);
    expect(odd.sort).toEqual([{ colId: 'organ', sort: 'desc' }]);
    expect(odd.hidden).toEqual(['organ']);
    expect(odd.order).toHaveLength(defaults.order.length);
    expect(new Set(odd.order).size).toBe(odd.order.length);
  });
  it('keeps the QC table grouped by File Name, its default grouping', () => {
    const qc = QC_SLIDE_FIELDS.map((f) => describeField(f, null));
    expect(restoreColumnState(qc, { groups: ['fileName', 'gone'] }).groups).toEqual(['fileName']);
    expect(restoreColumnState(qc, { groups: [] }).groups).toEqual([]);
  });
});

describe('the fields blocks are read with', () => {
  it('are the shown columns, the grouped ones and those always read, each once', () => {
    const state = {
      order: ['fileName', 'hScore', 'organ', 'checksum'],
      hidden: ['checksum', 'organ'],
      groups: ['organ'],
    };
    expect(readFieldsOf(state, ['fileName', 'id'])).toEqual(['fileName', 'hScore', 'organ', 'id']);
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
