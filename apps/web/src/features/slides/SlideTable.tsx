/**
 * A slide table (spec 1 §2): the slide metadata table or the QC slide metadata table, with its toolbar
 * (search, clear filters, refresh, 'N of M', undo and redo, columns), the DataGrid, the row menu (view
 * slide, its optimization for viewing with Retry when it failed, Delete Slide), the assay editor, and
 * the warning when leaving during an edit or save.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  canEditCell,
  idoCsvFileName,
  metadataCsvFileName,
  pyportalConfigFileName,
  type AssayChannel,
  type FieldDescriptor,
  type Permission,
} from '@tessera/domain';
import type { FilterModel, Project } from '@tessera/contract';
import {
  deleteSlides,
  fetchFilterValues,
  fetchGrid,
  saveColumnState,
  useColumnState,
  useFieldDescriptors,
  SLIDE_TABLE_MESSAGES,
  useSlideCount,
  type SlideTableId,
} from '../../api/slide-table.ts';
import { queryKeys } from '../../api/queries.ts';
import { useNotify } from '../../app/notify.tsx';
import { restoreColumnState, setHidden, visibleColumns, type ColumnState } from '../../grid/column-state.ts';
import { headerTextWidth } from '../../grid/measure-text.ts';
import type { ExportFormat } from '../../api/slide-export.ts';
import { CsvImportWizard } from '../slide-import/index.ts';
import { ExportDialog } from '../slide-export/index.ts';
import { ShareFiltersDialog, useSharedViewLink } from '../shared-views/index.ts';
import { SlideTableToolbar } from './SlideTableToolbar.tsx';
import { DataGrid } from '../../grid/DataGrid.tsx';
import type { DataGridApi, Row } from '../../grid/types.ts';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { AssayEditorDialog } from './AssayEditorDialog.tsx';
import { ConversionMenuItems } from './ConversionMenuItem.tsx';
import { DeleteSlidesDialog } from './DeleteSlidesDialog.tsx';
import { LabelThumbnail, labelImageOf } from './LabelThumbnail.tsx';
import { useSlideEdits } from './use-slide-edits.ts';

const SEARCH_SOURCE: Record<SlideTableId, string> = {
  slideMetadataView: 'Slide metadata',
  qcSlideMetadataView: 'Qc Slide metadata',
};
const SEARCH_DEBOUNCE_MS = 500;
const COLUMN_STATE_SAVE_MS = 1000;

export const viewSlidePath = (projectId: string, slideId: string) =>
  `/projects/${projectId}/slide/${slideId}`;

export function SlideTable({
  project,
  permissions,
  tableId,
}: {
  project: Project;
  permissions: ReadonlySet<Permission>;
  tableId: SlideTableId;
}) {
  const descriptors = useFieldDescriptors(project.id, tableId);
  const saved = useColumnState(project.id, tableId);
  const notify = useNotify();
  useEffect(() => {
    if (descriptors.error) notify(SLIDE_TABLE_MESSAGES.descriptorsFailed(descriptors.error.message), 'error');
  }, [descriptors.error, notify]);
  if (descriptors.isPending || saved.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading the table" />
      </Box>
    );
  }
  if (!descriptors.data)
    return (
      <Typography color="error">
        {SLIDE_TABLE_MESSAGES.descriptorsFailed(descriptors.error?.message ?? '')}
      </Typography>
    );
  return (
    <LoadedSlideTable
      project={project}
      permissions={permissions}
      tableId={tableId}
      fields={descriptors.data}
      savedState={saved.data?.state ?? null}
    />
  );
}

function LoadedSlideTable({
  project,
  permissions,
  tableId,
  fields,
  savedState,
}: {
  project: Project;
  permissions: ReadonlySet<Permission>;
  tableId: SlideTableId;
  fields: FieldDescriptor[];
  savedState: unknown;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const gridApi = useRef<DataGridApi>(null);
  const [columnState, setColumnState] = useState<ColumnState>(() =>
    restoreColumnState(fields, savedState, headerTextWidth),
  );
  const [filterModel, setFilterModel] = useState<FilterModel>({});
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [refresh, setRefresh] = useState(0);
  const [filtered, setFiltered] = useState<number | null>(null);
  const [isEditing, setEditing] = useState(false);
  const [menu, setMenu] = useState<{ x: number; y: number; rows: Row[] } | null>(null);
  const [columnsMenu, setColumnsMenu] = useState<HTMLElement | null>(null);
  const [toDelete, setToDelete] = useState<Row[] | null>(null);
  const [assayRow, setAssayRow] = useState<Row | null>(null);
  const [dialog, setDialog] = useState<
    { name: 'import' } | { name: 'export'; format: ExportFormat } | { name: 'share' } | null
  >(null);
  const total = useSlideCount(project.id, refresh);
  const assayFields = useFieldDescriptors(project.id, 'assayPopupEditor');
  const reload = useCallback(() => setRefresh((n) => n + 1), []);
  const edits = useSlideEdits(project.id, tableId, gridApi, reload);
  const canManage = permissions.has('slideMetadataManage');
  const isMain = tableId === 'slideMetadataView';

  // The column state is saved a moment after it stops changing.
  const firstState = useRef(columnState);
  useEffect(() => {
    if (columnState === firstState.current) return;
    const timer = setTimeout(
      () => void saveColumnState(project.id, tableId, columnState).catch(() => undefined),
      COLUMN_STATE_SAVE_MS,
    );
    return () => clearTimeout(timer);
  }, [columnState, project.id, tableId]);

  // Leaving while a cell is edited or a save runs asks first (spec 1 §2).
  useEffect(() => {
    if (!isEditing && !edits.isSaving) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isEditing, edits.isSaving]);

  const canEdit = useCallback(
    (field: FieldDescriptor, row: Row) =>
      canEditCell(
        field,
        {
          editableFields: (row.editableFields as string[] | null | undefined) ?? null,
          canEditSlideSpecificFields: row.canEditSlideSpecificFields !== false,
          canEditProjectSpecificFields: row.canEditProjectSpecificFields !== false,
        },
        canManage,
      ),
    [canManage],
  );

  const hasFilters = Object.keys(filterModel).length > 0 || searchText !== '';

  // A shared link (?smf=) restores filters, column state and search text (spec 1 §2).
  // The shared columns are shown, not saved as the receiver's own layout: only their own changes are.
  useSharedViewLink(project.id, (view) => {
    setFilterModel(view.filterModel);
    setSearchText(view.globalSearchText);
    const shared = restoreColumnState(fields, view.columnState, headerTextWidth);
    firstState.current = shared;
    setColumnState(shared);
  });
  const fieldByName = useMemo(() => new Map(fields.map((f) => [f.fieldName, f])), [fields]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <SlideTableToolbar
        isMain={isMain}
        permissions={permissions}
        searchText={searchText}
        onSearchText={setSearchText}
        hasFilters={hasFilters}
        onClearFilters={() => (setFilterModel({}), setSearchText(''))}
        onRefresh={reload}
        canUndo={edits.canUndo && !isEditing}
        canRedo={edits.canRedo && !isEditing}
        onUndo={() => void edits.undo()}
        onRedo={() => void edits.redo()}
        onColumns={setColumnsMenu}
        onImport={() => setDialog({ name: 'import' })}
        onExport={(format) => setDialog({ name: 'export', format })}
        onShare={() => setDialog({ name: 'share' })}
        isSaving={edits.isSaving}
        countText={
          filtered === null
            ? ''
            : isMain
              ? `${filtered.toLocaleString('en')} of ${(total.data?.count ?? project.slideCount).toLocaleString('en')} slides`
              : `${filtered.toLocaleString('en')} channels`
        }
      />
      <DataGrid
        apiRef={gridApi}
        label={isMain ? 'Slide metadata' : 'QC slide metadata'}
        fields={fields}
        columnState={columnState}
        onColumnStateChange={setColumnState}
        filterModel={filterModel}
        onFilterModelChange={setFilterModel}
        globalSearchText={search}
        refresh={refresh}
        fetchRows={(request, signal) => fetchGrid(project.id, tableId, request, signal)}
        fetchValues={(field, model, text, signal) =>
          fetchFilterValues(project.id, field, model, text, signal)
        }
        onFilteredCount={setFiltered}
        onLoadError={() => notify(SLIDE_TABLE_MESSAGES.searchUnavailable(SEARCH_SOURCE[tableId]), 'warning')}
        canEdit={canEdit}
        onCommit={edits.commit}
        onInvalid={(message) => notify(message, 'error')}
        fillHandle={isMain}
        openCustomEditor={(field, row) => {
          if (field.fieldName !== 'assays') return false;
          setAssayRow(row);
          return true;
        }}
        renderCell={(field, row) => {
          // The label, else the thumbnail, as the row says; nothing is requested for a slide with neither.
          if (field.fieldName === 'label' && isMain) {
            const kind = labelImageOf(row);
            return kind ? (
              <LabelThumbnail projectId={project.id} slideId={String(row.id)} kind={kind} />
            ) : null;
          }
          if (field.fieldName === 'fileName') return <FileNameCell projectId={project.id} row={row} />;
          return undefined;
        }}
        onRowContextMenu={(e, rows) => setMenu({ x: e.clientX, y: e.clientY, rows })}
        onEditingChange={setEditing}
        onUndo={() => void edits.undo()}
        onRedo={() => void edits.redo()}
        emptyMessage={
          isMain
            ? hasFilters
              ? 'No slides match the filters'
              : 'No slides in this project yet'
            : SLIDE_TABLE_MESSAGES.noQcData
        }
      />
      <Menu
        open={!!menu}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
      >
        {menu && menu.rows.length === 1 && (
          <MenuItem
            component={RouterLink}
            to={viewSlidePath(project.id, String(menu.rows[0]!.slideId ?? menu.rows[0]!.id))}
            onClick={() => setMenu(null)}
          >
            <ListItemIcon>
              <OpenInNew fontSize="small" />
            </ListItemIcon>
            <ListItemText>View slide</ListItemText>
          </MenuItem>
        )}
        {isMain && menu && menu.rows.length === 1 && menu.rows[0]!.status === 'available' && (
          <ConversionMenuItems
            projectId={project.id}
            slideId={String(menu.rows[0]!.id)}
            canRetry={permissions.has('slideUpload')}
            onDone={() => setMenu(null)}
          />
        )}
        {isMain && permissions.has('slideDelete') && (
          <MenuItem onClick={() => (setToDelete(menu!.rows), setMenu(null))}>
            <ListItemIcon>
              <DeleteOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              {menu && menu.rows.length > 1 ? `Delete ${menu.rows.length} Slides` : 'Delete Slide'}
            </ListItemText>
          </MenuItem>
        )}
      </Menu>
      <Menu
        anchorEl={columnsMenu}
        open={!!columnsMenu}
        onClose={() => setColumnsMenu(null)}
        slotProps={{ paper: { sx: { maxHeight: 420 } } }}
      >
        {columnState.order.map((f) => (
          <MenuItem
            key={f}
            dense
            onClick={() => setColumnState((s) => setHidden(s, f, !s.hidden.includes(f)))}
          >
            <Checkbox
              size="small"
              checked={!columnState.hidden.includes(f)}
              tabIndex={-1}
              sx={{ p: 0.5, mr: 1 }}
            />
            <ListItemText>{fieldByName.get(f)?.headerName ?? f}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {toDelete && (
        <DeleteSlidesDialog
          fileNames={toDelete.map((r) => String(r.fileName))}
          onClose={() => setToDelete(null)}
          onConfirm={async () => {
            try {
              const { deleted } = await deleteSlides(
                project.id,
                toDelete.map((r) => String(r.id)),
              );
              notify(`${deleted} ${deleted === 1 ? 'slide' : 'slides'} deleted`, 'success');
              edits.clearHistory();
              setToDelete(null);
              reload();
              // The project's slide count (header, project list) changed too.
              void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
            } catch (error) {
              notify(
                SLIDE_TABLE_MESSAGES.updateFailed(error instanceof Error ? error.message : String(error)),
                'error',
              );
            }
          }}
        />
      )}
      {dialog?.name === 'import' && (
        <CsvImportWizard
          projectId={project.id}
          fields={fields}
          onClose={() => setDialog(null)}
          onImported={(report) => {
            edits.recordImport(report.changes ?? []);
            reload();
          }}
        />
      )}
      {dialog?.name === 'export' && (
        <ExportDialog
          projectId={project.id}
          format={dialog.format}
          fileName={exportFileName(dialog.format, project.name)}
          request={{
            filterModel,
            globalSearchText: search,
            sortModel: columnState.sort,
            fields: exportedColumns(columnState, fieldByName),
          }}
          slideCount={filtered ?? 0}
          hasFilters={hasFilters}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.name === 'share' && (
        <ShareFiltersDialog
          projectId={project.id}
          view={{ globalSearchText: searchText, filterModel, columnState }}
          onClose={() => setDialog(null)}
        />
      )}
      {assayRow && assayFields.data && (
        <AssayEditorDialog
          fileName={String(assayRow.fileName)}
          assays={(assayRow.assays ?? []) as AssayChannel[]}
          fields={assayFields.data}
          onClose={() => setAssayRow(null)}
          onSave={(assays) => {
            const row = assayRow;
            setAssayRow(null);
            void edits
              .commit([{ row, field: 'assays', value: assays }])
              .then((rows) => rows && gridApi.current?.replaceRows(rows));
          }}
        />
      )}
    </Box>
  );
}

function FileNameCell({ projectId, row }: { projectId: string; row: Row }) {
  const slideId = String(row.slideId ?? row.id);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, gap: 0.5, width: '100%' }}>
      <Box
        component="span"
        title={String(row.fileName)}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 }}
      >
        {String(row.fileName)}
      </Box>
      <IconButton
        size="small"
        component={RouterLink}
        to={viewSlidePath(projectId, slideId)}
        aria-label={`View slide ${String(row.fileName)}`}
        sx={{ p: 0.25 }}
        onMouseDown={(e: React.MouseEvent) => e.stopPropagation()}
      >
        <OpenInNew sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );
}

/** The export's file name (spec 1 §9), with today's date as the browser sees it. */
function exportFileName(format: ExportFormat, projectName: string): string {
  if (format === 'ido-csv') return idoCsvFileName(projectName);
  if (format === 'pyportal-config') return pyportalConfigFileName(projectName);
  const now = new Date();
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return metadataCsvFileName(projectName, day);
}

/** The metadata CSV's columns: the visible ones in their order, the label image left out. */
function exportedColumns(state: ColumnState, fields: ReadonlyMap<string, FieldDescriptor>): string[] {
  const { left, center, right } = visibleColumns(state);
  return [...left, ...center, ...right].filter(
    (name) => fields.get(name) && fields.get(name)!.primaryType !== 'image',
  );
}
