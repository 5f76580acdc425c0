/**
 * A slide table (spec 1 §2): the slide metadata table or the QC slide metadata table, with its toolbar
 * (search, clear filters, refresh, 'N of M', undo and redo, columns), the DataGrid, the row menu (view
 * slide, its optimization for viewing with Retry when it failed, Delete Slide), the assay editor, and
 * the warning when leaving during an edit or save. Its commands are the actions of
 * slide-table-actions.ts, bound here to the table's state; its state is use-slide-table.ts.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { FieldDescriptor, Permission } from '@tessera/domain';
import type { Project } from '@tessera/contract';
import {
  fetchFilterValues,
  fetchGrid,
  useColumnState,
  useFieldDescriptors,
  type SlideTableId,
} from '../../api/slide-table.ts';
import { rememberSlideList } from '../../api/slide-list.ts';
import { useNotify } from '../../app/notify.tsx';
import type { BoundActions } from '../../actions/action.ts';
import { DataGrid } from '../../grid/DataGrid.tsx';
import type { Row } from '../../grid/types.ts';
import type { AssayVocabulary } from '../../grid/cell-value.ts';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { FileNameCell } from './FileNameCell.tsx';
import { LabelThumbnail, labelImageOf } from './LabelThumbnail.tsx';
import { SLIDE_TABLE_ACTIONS } from './slide-table-actions.ts';
import { SlideRowMenu } from './SlideRowMenu.tsx';
import { AssayDialog, DeleteDialog, SlideTableDialogs } from './SlideTableDialogs.tsx';
import { SlideTableToolbar } from './SlideTableToolbar.tsx';
import { SLIDE_TABLE_MESSAGES } from '../../api/slide-table.ts';
import { useSlideTable, type SlideTableProps, type SlideTableState } from './use-slide-table.ts';

const SEARCH_SOURCE: Record<SlideTableId, string> = {
  slideMetadataView: 'Slide metadata',
  qcSlideMetadataView: 'Qc Slide metadata',
};
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

function LoadedSlideTable(props: SlideTableProps) {
  const t = useSlideTable(props);
  const actions = useSlideTableActions(props, t);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <SlideTableToolbar
        actions={actions}
        searchText={t.searchText}
        onSearchText={t.setSearchText}
        isSaving={t.edits.isSaving}
        countText={countText(t.isMain, t.filtered, t.total.data?.count ?? props.project.slideCount)}
      />
      <SlideTableGrid props={props} t={t} actions={actions} />
      <SlideTableMenus props={props} t={t} actions={actions} />
    </Box>
  );
}

/** The table's actions bound to its state: what the toolbar, the row menu and the grid's keys perform. */
function useSlideTableActions({ project, permissions }: SlideTableProps, t: SlideTableState) {
  const navigate = useNavigate();
  return SLIDE_TABLE_ACTIONS.bind({
    projectId: project.id,
    isMain: t.isMain,
    permissions,
    hasFilters: t.hasFilters,
    isEditing: t.isEditing,
    edits: t.edits,
    menuRows: t.menu?.rows ?? [],
    clearFilters: () => (t.setFilterModel({}), t.setSearchText('')),
    reload: t.reload,
    openColumnsMenu: t.setColumnsMenu,
    openDialog: t.setDialog,
    confirmDelete: t.setToDelete,
    navigate: (path) => void navigate(path),
  });
}

interface PartProps {
  props: SlideTableProps;
  t: SlideTableState;
  actions: BoundActions;
}

function SlideTableGrid({ props: { project, tableId, fields }, t, actions }: PartProps) {
  const notify = useNotify();
  const { isMain } = t;
  return (
    <DataGrid
      apiRef={t.gridApi}
      label={isMain ? 'Slide metadata' : 'QC slide metadata'}
      fields={fields}
      columnState={t.columnState}
      onColumnStateChange={t.setColumnState}
      filterModel={t.filterModel}
      onFilterModelChange={t.setFilterModel}
      globalSearchText={t.search}
      refresh={t.refresh}
      fetchRows={(request, signal) => {
        // The viewer steps through the main table's slides in this filter and order.
        if (tableId === 'slideMetadataView') rememberSlideList(project.id, request);
        return fetchGrid(project.id, tableId, request, signal);
      }}
      fetchValues={(field, model, text, signal) => fetchFilterValues(project.id, field, model, text, signal)}
      onFilteredCount={t.setFiltered}
      onLoadError={() => notify(SLIDE_TABLE_MESSAGES.searchUnavailable(SEARCH_SOURCE[tableId]), 'warning')}
      canEdit={t.canEdit}
      onCommit={t.edits.commit}
      onInvalid={(message) => notify(message, 'error')}
      fillHandle={isMain}
      openCustomEditor={(field, row) => field.fieldName === 'assays' && (t.setAssayRow(row), true)}
      assayVocabulary={assayVocabularyOf(t.assayFields.data)}
      alwaysRead={ALWAYS_READ}
      renderCell={(field, row) => renderSlideCell(project.id, isMain, field.fieldName, row)}
      onRowContextMenu={(e, rows) => t.setMenu({ x: e.clientX, y: e.clientY, rows })}
      onEditingChange={t.setEditing}
      actions={actions.list}
      emptyMessage={emptyMessage(isMain, t.hasFilters)}
    />
  );
}

/** The row menu, the Columns menu and the dialogs. */
function SlideTableMenus({ props: { project, permissions, fields }, t, actions }: PartProps) {
  const { edits } = t;
  return (
    <>
      <SlideRowMenu
        menu={t.menu}
        actions={actions}
        projectId={project.id}
        isMain={t.isMain}
        permissions={permissions}
        onClose={() => t.setMenu(null)}
      />
      <ColumnsMenu
        anchor={t.columnsMenu}
        onClose={() => t.setColumnsMenu(null)}
        columnState={t.columnState}
        onColumnStateChange={t.setColumnState}
        fieldByName={t.fieldByName}
      />
      <SlideTableDialogs
        {...t}
        project={project}
        permissions={permissions}
        fields={fields}
        onClose={() => t.setDialog(null)}
      />
      {t.toDelete && (
        <DeleteDialog
          projectId={project.id}
          rows={t.toDelete}
          onClose={() => t.setToDelete(null)}
          edits={edits}
          reload={t.reload}
        />
      )}
      {t.assayRow && t.assayFields.data && (
        <AssayDialog
          row={t.assayRow}
          fields={t.assayFields.data}
          onClose={() => t.setAssayRow(null)}
          onSave={(row, assays) => {
            t.setAssayRow(null);
            void edits
              .commit([{ row, field: 'assays', value: assays }])
              .then((rows) => rows && t.gridApi.current?.replaceRows(rows));
          }}
        />
      )}
    </>
  );
}

function countText(isMain: boolean, filtered: number | null, total: number): string {
  if (filtered === null) return '';
  return isMain
    ? `${filtered.toLocaleString('en')} of ${total.toLocaleString('en')} slides`
    : `${filtered.toLocaleString('en')} channels`;
}

function emptyMessage(isMain: boolean, hasFilters: boolean): string {
  if (!isMain) return SLIDE_TABLE_MESSAGES.noQcData;
  return hasFilters ? 'No slides match the filters' : 'No slides in this project yet';
}

/** The label, else the thumbnail, as the row says; nothing is requested for a slide with neither. */
function renderSlideCell(projectId: string, isMain: boolean, fieldName: string, row: Row) {
  if (fieldName === 'label' && isMain) {
    const kind = labelImageOf(row);
    return kind ? <LabelThumbnail projectId={projectId} slideId={String(row.id)} kind={kind} /> : null;
  }
  if (fieldName === 'fileName') return <FileNameCell projectId={projectId} row={row} />;
  return undefined;
}

/** The assay editor's marker and chromogen vocabularies, once loaded: the grid checks pasted assays with them. */
function assayVocabularyOf(fields: readonly FieldDescriptor[] | undefined): AssayVocabulary | undefined {
  if (!fields) return undefined;
  const allowed = (name: string) => fields.find((f) => f.fieldName === name)?.allowedValues ?? [];
  return { markers: allowed('marker'), chromogens: allowed('chromogenFluorophores') };
}

/** Rows are named by their file name in dialogs (delete, assays) whether or not its column is shown. */
const ALWAYS_READ = ['fileName'];
