/**
 * Each region row keeps the JSON text of the `properties` it is answered with (issue #13 point 8):
 * annotationType, annotationClass, index, count, isLocked, createdAt, then the stored properties — the
 * object a viewport writes for every feature. Built from the columns at read time it was a third of the
 * database's work on a 50,000-feature viewport (a dozen concatenations and three JSON quotings per row);
 * now a viewport joins three stored texts. Written with the row and rewritten with it by the application
 * (annotation-items.queries.ts answerProperties); here the rows already stored get it. Immutable: change
 * in a new migration.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('annotation_features').addColumn('answer_properties', 'text').execute();
  const quoted = (column: string) =>
    isSqlite(db) ? sql`json_quote(${sql.ref(column)})` : sql`to_json(${sql.ref(column)})::text`;
  await sql`UPDATE annotation_features SET answer_properties =
    '{"annotationType":' || ${quoted('type')} ||
    ',"annotationClass":' || ${quoted('class_id')} ||
    ',"index":' || coalesce(CAST(item_index AS text), 'null') ||
    ',"count":' || coalesce(CAST(item_count AS text), 'null') ||
    ',"isLocked":' || CASE WHEN is_locked = 1 THEN 'true' ELSE 'false' END ||
    ',"createdAt":' || ${quoted('created_at')} ||
    CASE WHEN length(properties) > 2 THEN ',' || substr(properties, 2, length(properties) - 2) ELSE '' END ||
    '}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('annotation_features').dropColumn('answer_properties').execute();
}
