/**
 * Cell edits of the slide tables as batch updates (spec 1 §7): one entry per slide with the updatedAt it
 * was read with. QC cells belong to a slide's assay channel: they become a change of that slide's assays.
 */
import { canEditCell, clearedLinkedFields, type AssayChannel, type FieldDescriptor } from '@tessera/domain';
import type { CellChangeRequest, Row } from '../../grid/types.ts';
import type { CellChange } from '../../grid/undo.ts';

/**
 * The domain's editing rights for a cell of a slide row, for a user with or without slideMetadataManage:
 * the row's allow-list of fields, else its slide- and project-specific flags (absent flags allow).
 */
export const canEditSlideCell = (field: FieldDescriptor, row: Row, canManage: boolean): boolean =>
  canEditCell(
    field,
    {
      editableFields: (row.editableFields as string[] | null | undefined) ?? null,
      canEditSlideSpecificFields: row.canEditSlideSpecificFields !== false,
      canEditProjectSpecificFields: row.canEditProjectSpecificFields !== false,
    },
    canManage,
  );

export type SlideUpdate = { id: string; updatedAt: string } & Record<string, unknown>;

/**
 * The changes with the linked fields they clear added (the domain's one rule: a new indication clears a
 * subtype that is not its own), so the undo step holds the subtype too and undoing restores both.
 */
export function withClearedLinks(
  changes: readonly CellChangeRequest[],
  fields: readonly FieldDescriptor[],
): CellChangeRequest[] {
  const out = [...changes];
  const rows = new Map(changes.map((c) => [String(c.row.id), c.row]));
  for (const [id, row] of rows) {
    const change = Object.fromEntries(
      changes.filter((c) => String(c.row.id) === id).map((c) => [c.field, c.value]),
    );
    for (const field of Object.keys(clearedLinkedFields(fields, change, row)))
      out.push({ row, field, value: null });
  }
  return out;
}

/** Main-table cell changes grouped per slide. */
export function slideUpdatesOf(changes: readonly CellChangeRequest[]): SlideUpdate[] {
  const bySlide = new Map<string, SlideUpdate>();
  for (const { row, field, value } of changes) {
    const id = String(row.id);
    const update = bySlide.get(id) ?? { id, updatedAt: String(row.updatedAt) };
    update[field] = value;
    bySlide.set(id, update);
  }
  return [...bySlide.values()];
}

/** The undo step of saved main-table changes: before is what the rows held. */
export const undoStepOf = (changes: readonly CellChangeRequest[]): CellChange[] =>
  changes.map((c) => ({
    rowId: String(c.row.id),
    field: c.field,
    before: c.row[c.field] ?? null,
    after: c.value,
  }));

/**
 * QC cell changes applied to the slides' current assays: each changed channel's field set. Answers the
 * assays per slide, or the slide whose row was read before its last change (a conflict).
 */
export function qcAssayUpdates(
  changes: readonly CellChangeRequest[],
  current: ReadonlyMap<string, { updatedAt: string; assays: AssayChannel[] }>,
):
  | { updates: { id: string; updatedAt: string; before: AssayChannel[]; assays: AssayChannel[] }[] }
  | { conflict: string } {
  const out = new Map<
    string,
    { id: string; updatedAt: string; before: AssayChannel[]; assays: AssayChannel[] }
  >();
  for (const { row, field, value } of changes) {
    const slideId = String(row.slideId);
    const slide = current.get(slideId);
    if (!slide || slide.updatedAt !== row.updatedAt) return { conflict: String(row.fileName) };
    const entry = out.get(slideId) ?? {
      id: slideId,
      updatedAt: slide.updatedAt,
      before: slide.assays,
      assays: slide.assays.map((a) => ({ ...a })),
    };
    const channel = entry.assays.find((a) => a.channel === row.channel);
    if (channel) (channel as unknown as Record<string, unknown>)[field] = value;
    out.set(slideId, entry);
  }
  return { updates: [...out.values()] };
}
