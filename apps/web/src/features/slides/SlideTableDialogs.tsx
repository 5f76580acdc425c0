/** The dialogs a slide table opens: the CSV import, an export, Share filters, Copy slides, Transfer, label extract, delete, the assay editor. */
import { useQueryClient } from '@tanstack/react-query';
import type { AssayChannel, FieldDescriptor, Permission } from '@tessera/domain';
import type { FilterModel } from '@tessera/contract';
import type { Project } from '@tessera/contract';
import { queryKeys } from '../../api/queries.ts';
import { deleteSlides } from '../../api/slide-table.ts';
import { useNotify } from '../../app/notify.tsx';
import type { ColumnState } from '../../grid/column-state.ts';
import type { Row } from '../../grid/types.ts';
import { CsvImportWizard } from '../metadata-import/index.ts';
import { ExportDialog } from '../slide-export/index.ts';
import { ShareFiltersDialog } from '../shared-views/index.ts';
import { CopySlidesWizard } from '../slide-copy/index.ts';
import { TransferWizard } from '../slide-transfer/index.ts';
import { LabelExtractWizard } from '../label-extract/index.ts';
import { AssayEditorDialog } from './AssayEditorDialog.tsx';
import { DeleteSlidesDialog } from './DeleteSlidesDialog.tsx';
import { exportedColumns, exportFileName } from './export-request.ts';
import type { SlideTableDialog } from './slide-table-actions.ts';
import type { useSlideEdits } from './use-slide-edits.ts';
import { SLIDE_TABLE_MESSAGES } from '../../api/slide-table.ts';

/** What the table's dialogs read: the project, the table's query, and what an outcome changes. */
export interface DialogsProps {
  project: Project;
  permissions: ReadonlySet<Permission>;
  fields: FieldDescriptor[];
  fieldByName: ReadonlyMap<string, FieldDescriptor>;
  dialog: SlideTableDialog | null;
  onClose(): void;
  filterModel: FilterModel;
  searchText: string;
  /** The search text as the grid last asked with (debounced). */
  search: string;
  columnState: ColumnState;
  filtered: number | null;
  hasFilters: boolean;
  edits: ReturnType<typeof useSlideEdits>;
  reload(): void;
}

export function SlideTableDialogs(props: DialogsProps) {
  const { project, dialog, onClose } = props;
  if (dialog?.name === 'import')
    return (
      <CsvImportWizard
        projectId={project.id}
        fields={props.fields}
        onClose={onClose}
        onImported={(report) => {
          props.edits.recordImport(report.changes ?? []);
          props.reload();
        }}
      />
    );
  if (dialog?.name === 'export')
    return (
      <ExportDialog
        projectId={project.id}
        format={dialog.format}
        fileName={exportFileName(dialog.format, project.name)}
        request={{
          filterModel: props.filterModel,
          globalSearchText: props.search,
          sortModel: props.columnState.sort,
          fields: exportedColumns(props.columnState, props.fieldByName),
        }}
        slideCount={props.filtered ?? 0}
        hasFilters={props.hasFilters}
        onClose={onClose}
      />
    );
  const query = {
    filterModel: props.filterModel,
    globalSearchText: props.search,
    sortModel: props.columnState.sort,
  };
  if (dialog?.name === 'copy')
    return (
      <CopySlidesWizard
        projectId={project.id}
        permissions={props.permissions}
        query={query}
        slideCount={props.filtered ?? 0}
        onClose={onClose}
      />
    );
  if (dialog?.name === 'transfer')
    return (
      <TransferWizard
        projectId={project.id}
        permissions={props.permissions}
        query={query}
        slideCount={props.filtered ?? 0}
        onClose={onClose}
      />
    );
  if (dialog?.name === 'labelExtract')
    return (
      <LabelExtractWizard
        projectId={project.id}
        query={query}
        slideCount={props.filtered ?? 0}
        onClose={onClose}
        onWritten={props.reload}
      />
    );
  if (dialog?.name === 'share')
    return (
      <ShareFiltersDialog
        projectId={project.id}
        view={{
          globalSearchText: props.searchText,
          filterModel: props.filterModel,
          columnState: props.columnState,
        }}
        onClose={onClose}
      />
    );
  return null;
}

/** Deleting slides after the confirmation; the undo history ends there (its rows may be gone). */
export function DeleteDialog({
  projectId,
  rows,
  onClose,
  edits,
  reload,
}: {
  projectId: string;
  rows: readonly Row[];
  onClose(): void;
  edits: ReturnType<typeof useSlideEdits>;
  reload(): void;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onConfirm = async () => {
    try {
      const { deleted } = await deleteSlides(
        projectId,
        rows.map((r) => String(r.id)),
      );
      notify(`${deleted} ${deleted === 1 ? 'slide' : 'slides'} deleted`, 'success');
      edits.clearHistory();
      onClose();
      reload();
      // The project's slide count (header, project list) changed too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
    } catch (error) {
      notify(
        SLIDE_TABLE_MESSAGES.updateFailed(error instanceof Error ? error.message : String(error)),
        'error',
      );
    }
  };
  return (
    <DeleteSlidesDialog
      fileNames={rows.map((r) => String(r.fileName))}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}

/** The assay editor of one row; its save is one cell edit (and one undo step). */
export function AssayDialog({
  row,
  fields,
  onClose,
  onSave,
}: {
  row: Row;
  fields: FieldDescriptor[];
  onClose(): void;
  onSave(row: Row, assays: AssayChannel[]): void;
}) {
  return (
    <AssayEditorDialog
      fileName={String(row.fileName)}
      assays={(row.assays ?? []) as AssayChannel[]}
      fields={fields}
      onClose={onClose}
      onSave={(assays) => onSave(row, assays)}
    />
  );
}
