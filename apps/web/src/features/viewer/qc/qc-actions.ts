/**
 * The QC tab's commands (spec 3 §2) as actions: undo and redo (only while no value is edited), editing
 * the preset's fields (slideMetadataManage), and the transposed grid's keys — moving between fields,
 * editing, toggling and clearing a value (Delete clears an editable one). The toolbar and the keys both
 * perform these, so each label, shortcut and enabled rule is written here once.
 */
import { hasNoValue } from '@tessera/domain';
import { createActionRegistry } from '../../../actions/action.ts';
import { CHAR } from '../../../actions/shortcut.ts';
import type { QcRow } from './qc-rows.ts';

export interface QcContext {
  /** A value is being edited: undo and redo wait (spec 3 §2). */
  isEditing: boolean;
  edits: { canUndo: boolean; canRedo: boolean; undo(): Promise<void>; redo(): Promise<void> };
  /** The user holds slideMetadataManage (the server checks it again). */
  canManagePresets: boolean;
  /** The shown preset's fields can be chosen ('All metadata' cannot). */
  isPresetEditable: boolean;
  openPresetDialog(): void;
  rowCount: number;
  focusedIndex: number;
  focusedRow: QcRow | undefined;
  focusRow(index: number): void;
  /** Opens the focused value's editor; `typed` replaces the value (a character typed to start). */
  startEdit(typed: string | null): void;
  clearValue(): void;
}

export const QC_ACTIONS = createActionRegistry<QcContext>([
  {
    id: 'qc.undo',
    label: 'Undo',
    shortcuts: ['Mod+Z'],
    isEnabled: (c) => c.edits.canUndo && !c.isEditing,
    perform: (c) => void c.edits.undo(),
  },
  {
    // As in the slide table: Ctrl+Y, and Command+Shift+Z on a Mac (the hint there); both work everywhere.
    id: 'qc.redo',
    label: 'Redo',
    shortcuts: ['Mod+Y', 'Mod+Shift+Z'],
    appleShortcut: 'Mod+Shift+Z',
    isEnabled: (c) => c.edits.canRedo && !c.isEditing,
    perform: (c) => void c.edits.redo(),
  },
  {
    id: 'qc.editPreset',
    label: 'Edit preset…',
    isAvailable: (c) => c.canManagePresets,
    isEnabled: (c) => c.isPresetEditable && !c.isEditing,
    perform: (c) => c.openPresetDialog(),
  },
  {
    id: 'qc.previousField',
    label: 'Previous field',
    shortcuts: ['ArrowUp'],
    isEnabled: (c) => c.focusedIndex > 0,
    perform: (c) => c.focusRow(c.focusedIndex - 1),
  },
  {
    id: 'qc.nextField',
    label: 'Next field',
    shortcuts: ['ArrowDown'],
    isEnabled: (c) => c.focusedIndex < c.rowCount - 1,
    perform: (c) => c.focusRow(c.focusedIndex + 1),
  },
  { id: 'qc.firstField', label: 'First field', shortcuts: ['Home'], perform: (c) => c.focusRow(0) },
  {
    id: 'qc.lastField',
    label: 'Last field',
    shortcuts: ['End'],
    perform: (c) => c.focusRow(c.rowCount - 1),
  },
  {
    // A boolean has no editor: editing it toggles it.
    id: 'qc.editValue',
    label: 'Edit value',
    shortcuts: ['Enter', 'F2'],
    isEnabled: (c) => !!c.focusedRow?.isEditable,
    perform: (c) => c.startEdit(null),
  },
  {
    // Space toggles a boolean, as a checkbox would; elsewhere it is typed like any character.
    id: 'qc.toggleValue',
    label: 'Toggle value',
    shortcuts: ['Space'],
    isEnabled: (c) => !!c.focusedRow?.isEditable && c.focusedRow.field.primaryType === 'bool',
    perform: (c) => c.startEdit(null),
  },
  {
    id: 'qc.clearValue',
    label: 'Clear value',
    shortcuts: ['Delete', 'Backspace'],
    isEnabled: (c) => !!c.focusedRow?.isEditable && !hasNoValue(c.focusedRow.value),
    perform: (c) => c.clearValue(),
  },
  {
    id: 'qc.typeIntoValue',
    label: 'Type into value',
    shortcuts: [CHAR],
    isEnabled: (c) => !!c.focusedRow?.isEditable && c.focusedRow.field.primaryType !== 'bool',
    perform: (c, { key }) => c.startEdit(key ?? null),
  },
]);
