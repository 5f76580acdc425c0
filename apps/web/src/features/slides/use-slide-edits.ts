/**
 * Saving, undoing and redoing cell edits of a slide table (spec 1 §5, §8): main-table cells are batch
 * updates of their slides; QC cells change their slide's assays. Undo checks that a cell still holds
 * what the edit wrote, so it never overwrites someone else's later change.
 */
import { useCallback, useState } from 'react';
import type { AssayChannel, FieldDescriptor } from '@tessera/domain';
import { fetchSlides, SLIDE_TABLE_MESSAGES, updateSlides, type SlideTableId } from '../../api/slide-table.ts';
import { ApiError } from '../../api/client.ts';
import { useNotify } from '../../app/notify.tsx';
import type { CellChangeRequest, DataGridApi, Row } from '../../grid/types.ts';
import { UndoStack, type CellChange } from '../../grid/undo.ts';
import {
  qcAssayUpdates,
  slideUpdatesOf,
  undoStepOf,
  withClearedLinks,
  type SlideUpdate,
} from './slide-edits.ts';

/** Slides per read and write call (spec 1 §7: get slides batch in chunks of 1000). */
const BATCH = 1000;

type Notify = ReturnType<typeof useNotify>;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);

export function useSlideEdits(
  projectId: string,
  tableId: SlideTableId,
  grid: React.RefObject<DataGridApi | null>,
  onReload: () => void,
  fields: readonly FieldDescriptor[],
) {
  const notify = useNotify();
  const { stack, changed } = useUndoStack();
  const { saveWith, isSaving } = useSaveWith(notify);
  const applyStep = useApplyStep(projectId, tableId, grid, onReload, notify);

  const commit = useCallback(
    (changes: CellChangeRequest[]): Promise<Row[] | null> =>
      saveWith(async () => {
        const { saved, step } = await saveCellChanges(projectId, tableId, changes, fields);
        stack.push(step);
        changed();
        if (tableId !== 'slideMetadataView') onReload();
        return saved;
      }),
    [saveWith, projectId, tableId, stack, changed, onReload, fields],
  );
  const { undo, redo } = useUndoRedo(stack, changed, saveWith, applyStep);

  /** A CSV import's changes become one undo step (spec issue #5: undo of an import while the page is open). */
  const recordImport = useCallback(
    (changes: readonly { slideId: string; field: string; before: unknown; after: unknown }[]) => {
      stack.push(
        changes.map((c) => ({ rowId: c.slideId, field: c.field, before: c.before, after: c.after })),
      );
      changed();
    },
    [stack, changed],
  );

  return {
    commit,
    undo,
    redo,
    recordImport,
    canUndo: stack.canUndo && !isSaving,
    canRedo: stack.canRedo && !isSaving,
    isSaving,
    clearHistory: () => (stack.clear(), changed()),
  };
}

/** The table's undo stack, and `changed` to render again after the stack moved. */
function useUndoStack() {
  const [stack] = useState(() => new UndoStack());
  const [, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), [setVersion]);
  return { stack, changed };
}

/** Runs saves: a failure is notified (the save answers null), and `isSaving` holds while any runs. */
function useSaveWith(notify: Notify) {
  const [saving, setSaving] = useState(0);
  const saveWith = useCallback(
    async <T>(run: () => Promise<T>): Promise<T | null> => {
      setSaving((n) => n + 1);
      try {
        return await run();
      } catch (error) {
        notify(SLIDE_TABLE_MESSAGES.updateFailed(messageOf(error)), 'error');
        return null;
      } finally {
        setSaving((n) => n - 1);
      }
    },
    [notify],
  );
  return { saveWith, isSaving: saving > 0 };
}

type SaveWith = ReturnType<typeof useSaveWith>['saveWith'];

/** Undo and redo: the step is written back; when that fails the stack moves back too. */
function useUndoRedo(
  stack: UndoStack,
  changed: () => void,
  saveWith: SaveWith,
  applyStep: (step: CellChange[]) => Promise<boolean>,
) {
  const undo = useCallback(async () => {
    const step = stack.undo();
    if (!step) return;
    const ok = await saveWith(() => applyStep(step));
    if (!ok) stack.revertUndo();
    changed();
  }, [stack, changed, saveWith, applyStep]);

  const redo = useCallback(async () => {
    const step = stack.redo();
    if (!step) return;
    const ok = await saveWith(() => applyStep(step));
    if (!ok) stack.revertRedo();
    changed();
  }, [stack, changed, saveWith, applyStep]);

  return { undo, redo };
}

/**
 * Writes an undo or redo step (the new values per slide) after checking its cells still hold `before`;
 * answers false, with a warning, when one does not.
 */
function useApplyStep(
  projectId: string,
  tableId: SlideTableId,
  grid: React.RefObject<DataGridApi | null>,
  onReload: () => void,
  notify: Notify,
) {
  return useCallback(
    async (step: CellChange[]): Promise<boolean> => {
      const current = await fetchRowsById(projectId, [...new Set(step.map((c) => c.rowId))]);
      if (!holdsBefore(step, current)) {
        notify(SLIDE_TABLE_MESSAGES.changedSince, 'warning');
        return false;
      }
      const updates = stepUpdates(step, current);
      for (let i = 0; i < updates.length; i += BATCH) {
        const saved = await updateSlides(projectId, updates.slice(i, i + BATCH));
        if (tableId === 'slideMetadataView') grid.current?.replaceRows(saved.data);
      }
      if (tableId !== 'slideMetadataView') onReload();
      return true;
    },
    [projectId, tableId, grid, notify, onReload],
  );
}

/** The slides' rows as the server has them now, by id. */
async function fetchRowsById(projectId: string, ids: readonly string[]): Promise<Map<string, Row>> {
  // Calls take at most 1000 slides (spec 1 §7: chunks of 1000); an import's step may hold many more.
  const current = new Map<string, Row>();
  for (let i = 0; i < ids.length; i += BATCH)
    for (const r of (await fetchSlides(projectId, ids.slice(i, i + BATCH))).data)
      current.set(String(r.id), r);
  return current;
}

/** Whether every cell of the step still holds the step's `before` (nobody changed it since). */
const holdsBefore = (step: readonly CellChange[], current: ReadonlyMap<string, Row>): boolean =>
  step.every((c) => {
    const row = current.get(c.rowId);
    return row !== undefined && JSON.stringify(row[c.field] ?? null) === JSON.stringify(c.before ?? null);
  });

/** The step's new values per slide (in the step's order), each with the updatedAt just read. */
function stepUpdates(step: readonly CellChange[], current: ReadonlyMap<string, Row>): SlideUpdate[] {
  const byId = new Map<string, CellChange[]>();
  for (const c of step) byId.set(c.rowId, [...(byId.get(c.rowId) ?? []), c]);
  return [...byId].map(([id, changes]) => ({
    id,
    updatedAt: String(current.get(id)!.updatedAt),
    ...Object.fromEntries(changes.map((c) => [c.field, c.after])),
  }));
}

/** What a saved edit answers: the rows as saved (none for QC cells, whose table reloads) and its undo step. */
interface SavedEdit {
  saved: Row[];
  step: CellChange[];
}

const saveCellChanges = (
  projectId: string,
  tableId: SlideTableId,
  changes: readonly CellChangeRequest[],
  fields: readonly FieldDescriptor[],
): Promise<SavedEdit> =>
  tableId === 'slideMetadataView'
    ? saveMetadataCells(projectId, changes, fields)
    : saveQcCells(projectId, changes);

/** Main-table cells, with the linked fields they clear, as one batch update of their slides. */
async function saveMetadataCells(
  projectId: string,
  changes: readonly CellChangeRequest[],
  fields: readonly FieldDescriptor[],
): Promise<SavedEdit> {
  const all = withClearedLinks(changes, fields);
  const saved = await updateSlides(projectId, slideUpdatesOf(all));
  return { saved: saved.data, step: undoStepOf(all) };
}

/** QC cells as changes of their slides' assays, applied to the assays as the server has them now. */
async function saveQcCells(projectId: string, changes: readonly CellChangeRequest[]): Promise<SavedEdit> {
  const slideIds = [...new Set(changes.map((c) => String(c.row.slideId)))];
  const current = new Map(
    (await fetchSlides(projectId, slideIds)).data.map((r) => [
      String(r.id),
      { updatedAt: String(r.updatedAt), assays: (r.assays ?? []) as AssayChannel[] },
    ]),
  );
  const planned = qcAssayUpdates(changes, current);
  if ('conflict' in planned)
    throw new Error(
      `${planned.conflict} was changed by someone else since it was loaded. Refresh to see the change; nothing was saved.`,
    );
  await updateSlides(
    projectId,
    planned.updates.map((u) => ({ id: u.id, updatedAt: u.updatedAt, assays: u.assays })),
  );
  return {
    saved: [],
    step: planned.updates.map((u) => ({ rowId: u.id, field: 'assays', before: u.before, after: u.assays })),
  };
}
