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
import { qcAssayUpdates, slideUpdatesOf, undoStepOf, withClearedLinks } from './slide-edits.ts';

/** Slides per read and write call (spec 1 §7: get slides batch in chunks of 1000). */
const BATCH = 1000;

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
  const [stack] = useState(() => new UndoStack());
  const [, setVersion] = useState(0);
  const [saving, setSaving] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  /** Runs a save; while it runs the page warns before unloading. */
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

  /** Writes per-slide field values (the new values of a step) after checking the cells still hold `expected`. */
  const applyStep = useCallback(
    async (step: CellChange[]): Promise<boolean> => {
      const ids = [...new Set(step.map((c) => c.rowId))];
      // Calls take at most 1000 slides (spec 1 §7: chunks of 1000); an import's step may hold many more.
      const current = new Map<string, Row>();
      for (let i = 0; i < ids.length; i += BATCH)
        for (const r of (await fetchSlides(projectId, ids.slice(i, i + BATCH))).data)
          current.set(String(r.id), r);
      for (const c of step) {
        const row = current.get(c.rowId);
        if (!row || JSON.stringify(row[c.field] ?? null) !== JSON.stringify(c.before ?? null)) {
          notify(SLIDE_TABLE_MESSAGES.changedSince, 'warning');
          return false;
        }
      }
      const byId = new Map<string, CellChange[]>();
      for (const c of step) byId.set(c.rowId, [...(byId.get(c.rowId) ?? []), c]);
      const updates = ids.map((id) => ({
        id,
        updatedAt: String(current.get(id)!.updatedAt),
        ...Object.fromEntries(byId.get(id)!.map((c) => [c.field, c.after])),
      }));
      for (let i = 0; i < updates.length; i += BATCH) {
        const saved = await updateSlides(projectId, updates.slice(i, i + BATCH));
        if (tableId === 'slideMetadataView') grid.current?.replaceRows(saved.data);
      }
      if (tableId !== 'slideMetadataView') onReload();
      return true;
    },
    [projectId, tableId, grid, notify, onReload],
  );

  const commit = useCallback(
    (changes: CellChangeRequest[]): Promise<Row[] | null> =>
      saveWith(async () => {
        if (tableId === 'slideMetadataView') {
          const all = withClearedLinks(changes, fields);
          const saved = await updateSlides(projectId, slideUpdatesOf(all));
          stack.push(undoStepOf(all));
          changed();
          return saved.data;
        }
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
        stack.push(
          planned.updates.map((u) => ({ rowId: u.id, field: 'assays', before: u.before, after: u.assays })),
        );
        changed();
        onReload();
        return [];
      }),
    [saveWith, projectId, tableId, stack, onReload, fields],
  );

  const undo = useCallback(async () => {
    const step = stack.undo();
    if (!step) return;
    const ok = await saveWith(() => applyStep(step));
    if (!ok) stack.revertUndo();
    changed();
  }, [stack, saveWith, applyStep]);

  const redo = useCallback(async () => {
    const step = stack.redo();
    if (!step) return;
    const ok = await saveWith(() => applyStep(step));
    if (!ok) stack.revertRedo();
    changed();
  }, [stack, saveWith, applyStep]);

  /** A CSV import's changes become one undo step (spec issue #5: undo of an import while the page is open). */
  const recordImport = useCallback(
    (changes: readonly { slideId: string; field: string; before: unknown; after: unknown }[]) => {
      stack.push(
        changes.map((c) => ({ rowId: c.slideId, field: c.field, before: c.before, after: c.after })),
      );
      changed();
    },
    [stack],
  );

  return {
    commit,
    undo,
    redo,
    recordImport,
    canUndo: stack.canUndo && saving === 0,
    canRedo: stack.canRedo && saving === 0,
    isSaving: saving > 0,
    clearHistory: () => (stack.clear(), changed()),
  };
}
