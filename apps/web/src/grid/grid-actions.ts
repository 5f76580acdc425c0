/**
 * The grid's keyboard commands as actions: moving and extending the selection, editing, clearing,
 * opening group rows. The DataGrid binds them to its state on every render and its one keydown
 * handler performs the action of the pressed chord (with the host's actions, such as Undo).
 */
import type { FieldDescriptor } from '@tessera/domain';
import { createActionRegistry, type Action } from '../actions/action.ts';
import { CHAR } from '../actions/shortcut.ts';
import type { DisplayRow } from './row-tree.ts';
import { filledBlock, type CellPos } from './selection.ts';
import type { CellEditing } from './use-cell-editing.ts';
import type { GridSelection } from './use-grid-selection.ts';

export interface GridActionContext {
  selection: GridSelection;
  editing: CellEditing;
  rowCount: number;
  colCount: number;
  focusedRow: DisplayRow | undefined;
  focusedField: FieldDescriptor | undefined;
  toggleGroup(row: DisplayRow): void;
}

type Move = {
  name: string;
  label: string;
  chord: string;
  to(c: GridActionContext, at: CellPos): [number, number];
};

/** Where each navigation key goes; each is an action twice, moving and (with Shift) extending the range. */
const MOVES: Move[] = [
  { name: 'Down', label: 'Down', chord: 'ArrowDown', to: (_, at) => [at.row + 1, at.col] },
  { name: 'Up', label: 'Up', chord: 'ArrowUp', to: (_, at) => [at.row - 1, at.col] },
  { name: 'Right', label: 'Right', chord: 'ArrowRight', to: (_, at) => [at.row, at.col + 1] },
  { name: 'Left', label: 'Left', chord: 'ArrowLeft', to: (_, at) => [at.row, at.col - 1] },
  {
    name: 'PageDown',
    label: 'One page down',
    chord: 'PageDown',
    to: (c, at) => [at.row + c.selection.pageRows(), at.col],
  },
  {
    name: 'PageUp',
    label: 'One page up',
    chord: 'PageUp',
    to: (c, at) => [at.row - c.selection.pageRows(), at.col],
  },
  { name: 'RowStart', label: 'To the row start', chord: 'Home', to: (_, at) => [at.row, 0] },
  { name: 'RowEnd', label: 'To the row end', chord: 'End', to: (c, at) => [at.row, c.colCount - 1] },
  { name: 'GridStart', label: 'To the first cell', chord: 'Mod+Home', to: () => [0, 0] },
  {
    name: 'GridEnd',
    label: 'To the last cell',
    chord: 'Mod+End',
    to: (c) => [c.rowCount - 1, c.colCount - 1],
  },
];

const moveActions = MOVES.flatMap((m): Action<GridActionContext>[] => {
  const go = (c: GridActionContext, extend: boolean) =>
    c.selection.moveFocus(...m.to(c, c.selection.focus), extend);
  const extendChord = m.chord.replace(/^(Mod\+)?/, (mod) => `${mod}Shift+`);
  return [
    {
      id: `grid.move${m.name}`,
      label: `Move ${m.label.toLowerCase()}`,
      shortcuts: [m.chord],
      perform: (c) => go(c, false),
    },
    {
      id: `grid.extend${m.name}`,
      label: `Extend the selection ${m.label.toLowerCase()}`,
      shortcuts: [extendChord],
      perform: (c) => go(c, true),
    },
  ];
});

/** In order: where two actions share a chord, the first enabled one is performed. */
export const GRID_ACTIONS = createActionRegistry<GridActionContext>([
  ...moveActions,
  {
    id: 'grid.nextCell',
    label: 'Next cell',
    shortcuts: ['Tab'],
    perform: ({ selection: { focus, moveFocus } }) => moveFocus(focus.row, focus.col + 1, false),
  },
  {
    id: 'grid.previousCell',
    label: 'Previous cell',
    shortcuts: ['Shift+Tab'],
    perform: ({ selection: { focus, moveFocus } }) => moveFocus(focus.row, focus.col - 1, false),
  },
  {
    id: 'grid.selectAll',
    label: 'Select all',
    shortcuts: ['Mod+A'],
    perform: (c) => c.selection.selectAll(),
  },
  {
    id: 'grid.toggleGroup',
    label: 'Expand or collapse group',
    shortcuts: ['Enter', 'Space'],
    isEnabled: (c) => c.focusedRow?.isGroup === true,
    perform: (c) => c.toggleGroup(c.focusedRow!),
  },
  {
    id: 'grid.editCell',
    label: 'Edit cell',
    shortcuts: ['Enter', 'F2'],
    perform: (c) => c.editing.startEdit(c.selection.focus, null),
  },
  {
    id: 'grid.clearCells',
    label: 'Clear cells',
    shortcuts: ['Delete', 'Backspace'],
    perform: ({ selection: { range }, editing }) =>
      editing.applyBlock(range.top, range.left, filledBlock(range, null)),
  },
  {
    // A boolean has no editor: Space toggles it, as a checkbox would.
    id: 'grid.toggleValue',
    label: 'Toggle value',
    shortcuts: ['Space'],
    isEnabled: (c) => c.focusedField?.primaryType === 'bool',
    perform: (c) => c.editing.startEdit(c.selection.focus, null),
  },
  {
    id: 'grid.typeIntoCell',
    label: 'Type into cell',
    shortcuts: [CHAR],
    perform: (c, { key }) => c.editing.startEdit(c.selection.focus, key ?? null),
  },
]);
