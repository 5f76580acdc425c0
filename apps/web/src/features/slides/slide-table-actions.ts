/**
 * The slide table's commands (spec 1 §2) as actions: its toolbar (clear filters, refresh, undo and
 * redo, columns, the CSV import, the exports, share filters) and its row menu (view slide, delete).
 * The toolbar, the row menu and the grid's keys all perform these, so each label, shortcut and
 * permission rule is written here once.
 */
import {
  canTransfer,
  LABEL_EXTRACT_TEXTS,
  SLIDE_COPY_TEXTS,
  TRANSFER_TEXTS,
  type Permission,
} from '@tessera/domain';
import { createActionRegistry, type Action } from '../../actions/action.ts';
import type { ExportFormat } from '../../api/slide-export.ts';
import type { Row } from '../../grid/types.ts';
import { EXPORT_LABELS } from '../slide-export/index.ts';
import { viewerPath } from '../projects/index.ts';

export type SlideTableDialog =
  | { name: 'import' }
  | { name: 'export'; format: ExportFormat }
  | { name: 'share' }
  | { name: 'copy' }
  | { name: 'transfer' }
  | { name: 'labelExtract' };

export interface SlideTableContext {
  projectId: string;
  /** The slide metadata table (true) or the QC slide metadata table. */
  isMain: boolean;
  permissions: ReadonlySet<Permission>;
  hasFilters: boolean;
  /** A cell is being edited: undo and redo wait (spec 1 §5). */
  isEditing: boolean;
  edits: { canUndo: boolean; canRedo: boolean; undo(): Promise<void>; redo(): Promise<void> };
  /** The rows the row menu was opened on (empty when it is closed). */
  menuRows: readonly Row[];
  clearFilters(): void;
  reload(): void;
  openColumnsMenu(anchor: HTMLElement): void;
  openDialog(dialog: SlideTableDialog): void;
  confirmDelete(rows: readonly Row[]): void;
  navigate(path: string): void;
}

/** Each export and the permission besides slideMetadataExport it needs (spec 1 §6 gating). */
const EXPORTS: [ExportFormat, Permission][] = [
  ['metadata-csv', 'exportCsv'],
  ['ido-csv', 'exportIdo'],
  ['pyportal-config', 'exportPyportalConfig'],
];

/** The ids of the export actions, in the order the Export menu lists them. */
export const EXPORT_ACTION_IDS = EXPORTS.map(([format]) => `slides.export.${format}`);

const exportActions = EXPORTS.map(
  ([format, flag]): Action<SlideTableContext> => ({
    id: `slides.export.${format}`,
    label: EXPORT_LABELS[format],
    isAvailable: (c) => c.isMain && c.permissions.has('slideMetadataExport') && c.permissions.has(flag),
    perform: (c) => c.openDialog({ name: 'export', format }),
  }),
);

const slideOf = (c: SlideTableContext) => c.menuRows[0]!;

export const SLIDE_TABLE_ACTIONS = createActionRegistry<SlideTableContext>([
  {
    id: 'slides.clearFilters',
    label: 'Clear filters',
    isEnabled: (c) => c.hasFilters,
    perform: (c) => c.clearFilters(),
  },
  { id: 'slides.refresh', label: 'Refresh', perform: (c) => c.reload() },
  {
    id: 'slides.undo',
    label: 'Undo',
    shortcuts: ['Mod+Z'],
    isEnabled: (c) => c.edits.canUndo && !c.isEditing,
    perform: (c) => void c.edits.undo(),
  },
  {
    // Spec 2's keys: Ctrl+Y, and Command+Shift+Z on a Mac (where it is the hint); both work everywhere.
    id: 'slides.redo',
    label: 'Redo',
    shortcuts: ['Mod+Y', 'Mod+Shift+Z'],
    appleShortcut: 'Mod+Shift+Z',
    isEnabled: (c) => c.edits.canRedo && !c.isEditing,
    perform: (c) => void c.edits.redo(),
  },
  {
    id: 'slides.columns',
    label: 'Columns',
    perform: (c, { anchor }) => anchor && c.openColumnsMenu(anchor),
  },
  {
    id: 'slides.importCsv',
    label: 'Import CSV',
    isAvailable: (c) => c.isMain && c.permissions.has('slideMetadataManage'),
    perform: (c) => c.openDialog({ name: 'import' }),
  },
  ...exportActions,
  {
    id: 'slides.shareFilters',
    label: 'Share filters',
    isAvailable: (c) => c.isMain && c.permissions.has('exportShareFilters'),
    perform: (c) => c.openDialog({ name: 'share' }),
  },
  {
    // Spec 1 §6: shown to everyone in the main table, disabled with its tooltip without slideCopy.
    id: 'slides.copySlides',
    label: SLIDE_COPY_TEXTS.title,
    isAvailable: (c) => c.isMain,
    isEnabled: (c) => c.permissions.has('slideCopy'),
    disabledReason: () => SLIDE_COPY_TEXTS.noCopyPermission,
    perform: (c) => c.openDialog({ name: 'copy' }),
  },
  {
    // Spec 1 §6: slideDownload gates Transfer slides; transferAnnotations lets the annotation sets go.
    id: 'slides.transfer',
    label: TRANSFER_TEXTS.title,
    isAvailable: (c) => c.isMain,
    isEnabled: (c) => canTransfer(c.permissions),
    disabledReason: () => TRANSFER_TEXTS.noPermission,
    perform: (c) => c.openDialog({ name: 'transfer' }),
  },
  {
    // Spec 1 §6: slideMetadataManage gates label extract.
    id: 'slides.labelExtract',
    label: LABEL_EXTRACT_TEXTS.title,
    isAvailable: (c) => c.isMain,
    isEnabled: (c) => c.permissions.has('slideMetadataManage'),
    disabledReason: () => LABEL_EXTRACT_TEXTS.noPermission,
    perform: (c) => c.openDialog({ name: 'labelExtract' }),
  },
  {
    id: 'slides.viewSlide',
    label: 'View slide',
    isAvailable: (c) => c.menuRows.length === 1,
    href: (c) => viewerPath(c.projectId, String(slideOf(c).slideId ?? slideOf(c).id)),
    perform: (c) => c.navigate(viewerPath(c.projectId, String(slideOf(c).slideId ?? slideOf(c).id))),
  },
  {
    id: 'slides.deleteSlides',
    label: (c) => (c.menuRows.length > 1 ? `Delete ${c.menuRows.length} Slides` : 'Delete Slide'),
    isAvailable: (c) => c.isMain && c.permissions.has('slideDelete') && c.menuRows.length > 0,
    perform: (c) => c.confirmDelete(c.menuRows),
  },
]);
