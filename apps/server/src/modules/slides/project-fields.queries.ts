/** Project-specific fields and their values (migration 0011). */
import type { ColumnGroupId, ProjectField, ProjectFieldType } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/dialect.ts';
import { preparedQuery } from '../../db/prepared.ts';

/** On the path of every grid request: remembered until the data changes (db/prepared.ts). */
const projectFieldRows = preparedQuery((db, a: { projectId: string }) =>
  db
    .selectFrom('project_fields')
    .selectAll()
    .where('project_id', '=', a.projectId)
    .orderBy('created_at')
    .orderBy('field_name'),
);

export async function findProjectFields(db: Db, projectId: string): Promise<ProjectField[]> {
  const rows = await projectFieldRows.all(db, { projectId });
  return rows.map((r) => ({
    fieldName: r.field_name,
    headerName: r.header_name,
    primaryType: r.primary_type as ProjectFieldType,
    group: r.group_id as ColumnGroupId,
  }));
}

export async function insertProjectField(db: Db, projectId: string, field: ProjectField): Promise<boolean> {
  const result = await db
    .insertInto('project_fields')
    .values({
      project_id: projectId,
      field_name: field.fieldName,
      header_name: field.headerName,
      primary_type: field.primaryType,
      group_id: field.group,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['project_id', 'field_name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const isText = (field: ProjectField) =>
  field.primaryType === 'string' || field.primaryType === 'stringUtcDate';

/** The project-field values of the given slides, by slide id and field name (booleans as booleans). */
export async function readProjectValues(
  db: Db,
  projectId: string,
  fields: readonly ProjectField[],
  slideIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  if (fields.length === 0 || slideIds.length === 0) return out;
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  const rows = await db
    .selectFrom('slide_project_values')
    .select(['slide_id', 'field_name', 'value_text', 'value_num'])
    .where('project_id', '=', projectId)
    .where('slide_id', 'in', [...slideIds])
    .execute();
  for (const r of rows) {
    const field = byName.get(r.field_name);
    if (!field) continue;
    const value = isText(field)
      ? r.value_text
      : field.primaryType === 'bool'
        ? r.value_num === 1
        : r.value_num === null
          ? null
          : Number(r.value_num);
    out.set(r.slide_id, { ...out.get(r.slide_id), [r.field_name]: value });
  }
  return out;
}

/** Sets (or, for null, removes) one slide's values of project fields. */
export async function writeProjectValues(
  db: Db,
  projectId: string,
  slideId: string,
  fields: readonly ProjectField[],
  values: Record<string, unknown>,
): Promise<void> {
  for (const field of fields) {
    if (!(field.fieldName in values)) continue;
    const value = values[field.fieldName];
    await db
      .deleteFrom('slide_project_values')
      .where('slide_id', '=', slideId)
      .where('field_name', '=', field.fieldName)
      .execute();
    if (value === null || value === undefined) continue;
    await db
      .insertInto('slide_project_values')
      .values({
        slide_id: slideId,
        project_id: projectId,
        field_name: field.fieldName,
        value_text: isText(field) ? String(value) : null,
        value_num: isText(field) ? null : field.primaryType === 'bool' ? (value ? 1 : 0) : Number(value),
      })
      .execute();
  }
}
