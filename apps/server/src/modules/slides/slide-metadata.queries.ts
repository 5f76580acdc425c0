/**
 * Writing slide metadata: the typed columns of `slides` and, for lists and assays, their side-table rows
 * (slide_values, slide_assays), which the grid's set filters read through indexes. Values arrive by field
 * name, already normalized and checked (packages/domain cell-value.ts).
 */
import { formatAssayMarkers, MULTI_VALUE_FIELDS, type AssayChannel } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { SLIDE_GRID_SOURCE } from './slide-grid.source.ts';

export type SlideMetadata = Record<string, unknown>;

/** The values with an id given to every assay channel that has none (new channels). */
export function withAssayIds(values: SlideMetadata): SlideMetadata {
  if (!Array.isArray(values.assays)) return values;
  return { ...values, assays: (values.assays as AssayChannel[]).map((a) => (a.id ? a : { ...a, id: newId() })) };
}

/** The `slides` column values for the given fields (lists as JSON text, booleans as 1/0). */
export function metadataColumns(values: SlideMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const column = SLIDE_GRID_SOURCE.columns.get(field);
    if (!column || column.kind === 'none') throw new Error(`No column for the field '${field}'`);
    if (column.kind === 'list') out[column.column] = JSON.stringify(value ?? []);
    else if (column.kind === 'assays') {
      const assays = (value ?? []) as AssayChannel[];
      out.assays = JSON.stringify(assays);
      out.assay_markers_formatted = assays.length ? formatAssayMarkers(assays) : null;
    } else if (column.kind === 'bool') out[column.column] = value === null || value === undefined ? null : value ? 1 : 0;
    else out[column.column] = value ?? null;
  }
  return out;
}

/** Replaces the side-table rows of the lists and assays among `values` (ids given: withAssayIds) for one slide. */
export async function writeSideRows(db: Db, projectId: string, slideId: string, values: SlideMetadata): Promise<void> {
  for (const field of MULTI_VALUE_FIELDS) {
    if (!(field in values)) continue;
    await db.deleteFrom('slide_values').where('slide_id', '=', slideId).where('field', '=', field).execute();
    const list = [...new Set((values[field] ?? []) as string[])];
    if (list.length) await db.insertInto('slide_values').values(list.map((value) => ({ slide_id: slideId, project_id: projectId, field, value }))).execute();
  }
  if ('assays' in values) {
    await db.deleteFrom('slide_assays').where('slide_id', '=', slideId).execute();
    const assays = (values.assays ?? []) as AssayChannel[];
    if (assays.length) {
      await db
        .insertInto('slide_assays')
        .values(
          assays.map((a) => ({
            slide_id: slideId,
            project_id: projectId,
            channel: a.channel,
            id: a.id!,
            marker: a.marker,
            chromogen_fluorophores: a.chromogenFluorophores ?? null,
            primary_antibody: a.primaryAntibody ?? null,
            secondary_antibody: a.secondaryAntibody ?? null,
            qc_pass: a.qcSlideChannelPass === undefined || a.qcSlideChannelPass === null ? null : a.qcSlideChannelPass ? 1 : 0,
            qc_comment: a.qcSlideChannelComment ?? null,
            qc_freetext: a.qcSlideChannelFreetext ?? null,
          })),
        )
        .execute();
    }
  }
}
