/**
 * The state of a loaded QC tab: the preset shown (remembered per project), the transposed rows of the
 * slide, the focused field, editing through the slide table's cell editing, edits and undo through the
 * slide table's (the same update API and checks), and the tab's actions bound to all of it.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldDescriptor, MetadataPresetId, Permission } from '@tessera/domain';
import { boundActions } from '../../../actions/action.ts';
import type { MetadataPreset } from '../../../api/metadata-presets.ts';
import { queryKeys } from '../../../api/queries.ts';
import { useNotify } from '../../../app/notify.tsx';
import type { DataGridApi, Row } from '../../../grid/types.ts';
import { useCellEditing } from '../../../grid/use-cell-editing.ts';
import { canEditSlideCell, useSlideEdits } from '../../slides/index.ts';
import { QC_ACTIONS } from './qc-actions.ts';
import { loadLastPreset, qcRowsOf, saveLastPreset } from './qc-rows.ts';

export interface QcPanelData {
  projectId: string;
  slide: Row;
  fields: FieldDescriptor[];
  presets: MetadataPreset[];
  permissions: ReadonlySet<Permission>;
}

export type QcPanelState = ReturnType<typeof useQcPanel>;

export function useQcPanel({ projectId, slide, fields, presets, permissions }: QcPanelData) {
  const notify = useNotify();
  const gridRef = useRef<HTMLDivElement>(null);
  const [presetId, choosePreset] = useChosenPreset(projectId);
  const preset = presets.find((p) => p.id === presetId) ?? presets[0]!;
  const canManage = permissions.has('slideMetadataManage');
  const fieldByName = useMemo(() => new Map(fields.map((f) => [f.fieldName, f])), [fields]);
  const rows = useMemo(
    () => qcRowsOf(preset.fields, fieldByName, slide, (f) => canEditSlideCell(f, slide, canManage)),
    [preset.fields, fieldByName, slide, canManage],
  );
  const [focused, setFocused] = useState(0);
  const focusedIndex = Math.min(focused, Math.max(rows.length - 1, 0));
  const [isAssayEditorOpen, setAssayEditorOpen] = useState(false);
  const [isPresetDialogOpen, setPresetDialogOpen] = useState(false);

  const { storeRows, reloadRow } = useStoreSlideRows(projectId, String(slide.id));
  // What the slide table's edits do to their grid after an undo or redo, done to the cached row here.
  const gridApi = useMemo(() => ({ current: { replaceRows: storeRows } as DataGridApi }), [storeRows]);
  const edits = useSlideEdits(projectId, 'slideMetadataView', gridApi, reloadRow, fields);
  // The transposed grid is the slide's one row drawn downwards: cell (0, i) is the i-th field.
  const editing = useCellEditing({
    props: {
      canEdit: (field, row) => canEditSlideCell(field, row, canManage),
      onCommit: edits.commit,
      onInvalid: (message) => notify(message, 'error'),
      openCustomEditor: (field) => field.fieldName === 'assays' && (setAssayEditorOpen(true), true),
    },
    fieldAt: (index) => rows[index]?.field,
    leafAt: (row) => (row === 0 ? slide : undefined),
    replaceRows: storeRows,
    focusGrid: () => gridRef.current?.focus(),
  });
  const isEditing = editing.editing !== null;
  const focusRow = useCallback((index: number) => setFocused(Math.max(0, index)), []);

  const actions = QC_ACTIONS.bind({
    isEditing,
    edits,
    canManagePresets: canManage,
    isPresetEditable: preset.isEditable,
    openPresetDialog: () => setPresetDialogOpen(true),
    rowCount: rows.length,
    focusedIndex,
    focusedRow: rows[focusedIndex],
    focusRow,
    startEdit: (typed) => editing.startEdit({ row: 0, col: focusedIndex }, typed),
    clearValue: () => editing.applyBlock(0, focusedIndex, [[null]]),
  });
  return {
    ...{ projectId, slide, fields, presets, preset, choosePreset, rows, gridRef },
    ...{ focusedIndex, focusRow, edits, editing, isEditing, actions, storeRows },
    ...{ isAssayEditorOpen, setAssayEditorOpen, isPresetDialogOpen, setPresetDialogOpen },
    /** The keys of undo and redo, which work wherever the focus is in the tab. */
    historyActions: boundActions([actions.get('qc.undo'), actions.get('qc.redo')]),
  };
}

/** The preset shown, starting from the one this project showed last in this browser. */
function useChosenPreset(projectId: string) {
  const [presetId, setPresetId] = useState<MetadataPresetId>(() => loadLastPreset(projectId));
  const choose = useCallback(
    (id: MetadataPresetId) => {
      setPresetId(id);
      saveLastPreset(projectId, id);
    },
    [projectId],
  );
  return [presetId, choose] as const;
}

/** Shows rows as saved (by an edit, undo or redo) in the cached slide row; `reloadRow` reads it again. */
function useStoreSlideRows(projectId: string, slideId: string) {
  const client = useQueryClient();
  const storeRows = useCallback(
    (rows: Row[]) => {
      const row = rows.find((r) => String(r.id) === slideId);
      if (row) client.setQueryData(queryKeys.slideRow(projectId, slideId), row);
    },
    [client, projectId, slideId],
  );
  const reloadRow = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.slideRow(projectId, slideId) }),
    [client, projectId, slideId],
  );
  return { storeRows, reloadRow };
}
