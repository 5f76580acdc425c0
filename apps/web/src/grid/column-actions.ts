/** The column menu's commands (the ⋮ of a header cell) as actions over the column state. */
import type { FieldDescriptor } from '@tessera/domain';
import { createActionRegistry } from '../actions/action.ts';
import { addGroup, setHidden, setPinned, type ColumnState } from './column-state.ts';

export interface ColumnActionContext {
  field: FieldDescriptor;
  pinned: 'left' | 'right' | false;
  state: ColumnState;
  onColumnStateChange(state: ColumnState): void;
}

const change = (c: ColumnActionContext, update: (s: ColumnState, f: string) => ColumnState) =>
  c.onColumnStateChange(update(c.state, c.field.fieldName));

export const COLUMN_ACTIONS = createActionRegistry<ColumnActionContext>([
  {
    id: 'column.group',
    label: (c) => `Group by ${c.field.headerName}`,
    isAvailable: (c) => Boolean(c.field.enableRowGroup) && !c.state.groups.includes(c.field.fieldName),
    perform: (c) => change(c, (s, f) => addGroup(s, f)),
  },
  {
    id: 'column.pinLeft',
    label: 'Pin left',
    isAvailable: (c) => c.pinned !== 'left',
    perform: (c) => change(c, (s, f) => setPinned(s, f, 'left')),
  },
  {
    id: 'column.pinRight',
    label: 'Pin right',
    isAvailable: (c) => c.pinned !== 'right',
    perform: (c) => change(c, (s, f) => setPinned(s, f, 'right')),
  },
  {
    id: 'column.unpin',
    label: 'No pin',
    isAvailable: (c) => c.pinned !== false,
    perform: (c) => change(c, (s, f) => setPinned(s, f, null)),
  },
  { id: 'column.hide', label: 'Hide column', perform: (c) => change(c, (s, f) => setHidden(s, f, true)) },
]);
