/**
 * The state of a loaded slide table: its column state (saved a moment after it changes), filters and
 * search, the counts, edits with their history, and what its menus and dialogs show.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldDescriptor, Permission } from '@tessera/domain';
import type { FilterModel, Project } from '@tessera/contract';
import {
  saveColumnState,
  useFieldDescriptors,
  useSlideCount,
  type SlideTableId,
} from '../../api/slide-table.ts';
import { restoreColumnState, type ColumnState } from '../../grid/column-state.ts';
import { headerTextWidth } from '../../grid/measure-text.ts';
import type { DataGridApi, Row } from '../../grid/types.ts';
import { useSharedViewLink } from '../shared-views/index.ts';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import type { RowMenuPlace } from './SlideRowMenu.tsx';
import type { SlideTableDialog } from './slide-table-actions.ts';
import { canEditSlideCell } from './slide-edits.ts';
import { useSlideEdits } from './use-slide-edits.ts';

const SEARCH_DEBOUNCE_MS = 500;
const COLUMN_STATE_SAVE_MS = 1000;

export interface SlideTableProps {
  project: Project;
  permissions: ReadonlySet<Permission>;
  tableId: SlideTableId;
  fields: FieldDescriptor[];
  savedState: unknown;
}

export type SlideTableState = ReturnType<typeof useSlideTable>;

export function useSlideTable({ project, permissions, tableId, fields, savedState }: SlideTableProps) {
  const gridApi = useRef<DataGridApi>(null);
  const columns = useSavedColumnState(project.id, tableId, fields, savedState);
  const [filterModel, setFilterModel] = useState<FilterModel>({});
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [refresh, setRefresh] = useState(0);
  const [filtered, setFiltered] = useState<number | null>(null);
  const [isEditing, setEditing] = useState(false);
  const [menu, setMenu] = useState<RowMenuPlace | null>(null);
  const [columnsMenu, setColumnsMenu] = useState<HTMLElement | null>(null);
  const [toDelete, setToDelete] = useState<readonly Row[] | null>(null);
  const [assayRow, setAssayRow] = useState<Row | null>(null);
  const [dialog, setDialog] = useState<SlideTableDialog | null>(null);
  const total = useSlideCount(project.id, refresh);
  const assayFields = useFieldDescriptors(project.id, 'assayPopupEditor');
  const reload = useCallback(() => setRefresh((n) => n + 1), []);
  const edits = useSlideEdits(project.id, tableId, gridApi, reload, fields);
  useLeaveWarning(isEditing || edits.isSaving);
  const canEdit = useCanEdit(permissions.has('slideMetadataManage'));
  // A shared link (?smf=) restores filters, column state and search text (spec 1 §2).
  useSharedViewLink(project.id, (view) => {
    setFilterModel(view.filterModel);
    setSearchText(view.globalSearchText);
    columns.showShared(view.columnState);
  });
  const fieldByName = useMemo(() => new Map(fields.map((f) => [f.fieldName, f])), [fields]);
  // prettier-ignore
  return {
    gridApi, ...columns, filterModel, setFilterModel, searchText, setSearchText, search, refresh, reload,
    filtered, setFiltered, isEditing, setEditing, menu, setMenu, columnsMenu, setColumnsMenu,
    toDelete, setToDelete, assayRow, setAssayRow, dialog, setDialog, total, assayFields, edits,
    canEdit, fieldByName, isMain: tableId === 'slideMetadataView',
    hasFilters: Object.keys(filterModel).length > 0 || searchText !== '',
  };
}

/**
 * The column state, saved a moment after it stops changing. A shared view's columns are shown, not
 * saved as the receiver's own layout: only their own changes are.
 */
function useSavedColumnState(
  projectId: string,
  tableId: SlideTableId,
  fields: FieldDescriptor[],
  saved: unknown,
) {
  const [columnState, setColumnState] = useState<ColumnState>(() =>
    restoreColumnState(fields, saved, headerTextWidth),
  );
  const firstState = useRef(columnState);
  useEffect(() => {
    if (columnState === firstState.current) return;
    const timer = setTimeout(
      () => void saveColumnState(projectId, tableId, columnState).catch(() => undefined),
      COLUMN_STATE_SAVE_MS,
    );
    return () => clearTimeout(timer);
  }, [columnState, projectId, tableId]);
  const showShared = (state: unknown) => {
    const shared = restoreColumnState(fields, state, headerTextWidth);
    firstState.current = shared;
    setColumnState(shared);
  };
  return { columnState, setColumnState, showShared };
}

/** Leaving while a cell is edited or a save runs asks first (spec 1 §2). */
function useLeaveWarning(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isActive]);
}

/** The domain's editing rights for a row, for this user. */
function useCanEdit(canManage: boolean) {
  return useCallback(
    (field: FieldDescriptor, row: Row) => canEditSlideCell(field, row, canManage),
    [canManage],
  );
}
