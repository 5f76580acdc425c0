/**
 * Annotations (spec 2 §3 "Annotation class", "Annotation feature", "Annotation set and version"; DESIGN
 * §5; docs/architecture.md "Annotations").
 *
 * - `annotation_classes`: a project's classes by class id (FOV, ROI, IM, …), freehand or cell-marker.
 * - `annotation_sets`: a set of one image (slide copies share an image, and so a set); `version` is the
 *   working version every edit writes into, `next_item_id` hands out the ids of its features and markers.
 * - `annotation_set_links`: where a set shows — one row per (project, slide of that project showing the
 *   image). The set's name is repeated here so that "unique within a project's slide, linked sets
 *   included" (spec 2 §5) is one unique index; a rename updates every link in the same transaction.
 * - `annotation_features` and `annotation_cell_markers`: one row per state of an item, alive in the
 *   versions [v_from, v_to) (v_to null: still alive). Making a version is O(1) — the set's working
 *   version moves on and nothing is copied; version V reads `v_from <= V AND (v_to IS NULL OR v_to > V)`,
 *   the working state `v_to IS NULL`. An edit of a row born in the working version rewrites it in place;
 *   of an older row, closes it (v_to = working) and writes the new state as a new row.
 * - Region features are found by bounding box: an R*Tree on SQLite (kept by triggers), a GiST index over
 *   the box on PostgreSQL.
 * - `annotation_set_versions` and the version collections (tags over versions).
 *
 * A project's classes and links go with it, a slide's links with the slide; a set and its items go only
 * with the set. Immutable: change in a new migration.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  const rowId = sqlite ? 'integer' : 'bigint';
  await db.schema
    .createTable('annotation_classes')
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('class_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('color', 'varchar(7)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('annotation_classes_pk', ['project_id', 'class_id'])
    .execute();

  await db.schema
    .createTable('annotation_sets')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('image_id', 'varchar(24)', (c) => c.notNull().references('images.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('next_item_id', rowId, (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('annotation_sets_image_idx').on('annotation_sets').column('image_id').execute();

  await db.schema
    .createTable('annotation_set_links')
    .addColumn('set_id', 'varchar(24)', (c) =>
      c.notNull().references('annotation_sets.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'varchar(24)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('slide_id', 'varchar(24)', (c) => c.notNull().references('slides.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('linked_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('annotation_set_links_pk', ['set_id', 'project_id'])
    .execute();
  await db.schema
    .createIndex('annotation_set_links_name_idx')
    .on('annotation_set_links')
    .columns(['slide_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('annotation_set_links_project_idx')
    .on('annotation_set_links')
    .column('project_id')
    .execute();

  const items = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('row_id', rowId, (c) =>
        sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn('set_id', 'varchar(24)', (c) =>
        c.notNull().references('annotation_sets.id').onDelete('cascade'),
      )
      .addColumn('item_id', rowId, (c) => c.notNull())
      .addColumn('v_from', 'integer', (c) => c.notNull())
      .addColumn('v_to', 'integer')
      .addColumn('created_by', 'varchar(24)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull());
  await items('annotation_features')
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .addColumn('min_x', 'double precision', (c) => c.notNull())
    .addColumn('min_y', 'double precision', (c) => c.notNull())
    .addColumn('max_x', 'double precision', (c) => c.notNull())
    .addColumn('max_y', 'double precision', (c) => c.notNull())
    .addColumn('item_index', 'integer')
    .addColumn('item_count', 'integer')
    .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('properties', 'text', (c) => c.notNull())
    .execute();
  await items('annotation_cell_markers')
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('classes', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['annotation_features', 'annotation_cell_markers']) {
    // The working state of a set, by item: every read and edit of the live set.
    await db.schema
      .createIndex(`${table}_live_idx`)
      .on(table)
      .columns(['set_id', 'item_id'])
      .where(sql.ref('v_to'), 'is', null)
      .unique()
      .execute();
    // A version's rows, and an item's history.
    await db.schema
      .createIndex(`${table}_item_idx`)
      .on(table)
      .columns(['set_id', 'item_id', 'v_from'])
      .execute();
  }

  if (sqlite) {
    await sql`CREATE VIRTUAL TABLE annotation_features_rtree USING rtree(row_id, min_x, max_x, min_y, max_y, +set_id)`.execute(
      db,
    );
    await sql`CREATE TRIGGER annotation_features_rtree_insert AFTER INSERT ON annotation_features BEGIN
      INSERT INTO annotation_features_rtree VALUES (new.row_id, new.min_x, new.max_x, new.min_y, new.max_y, new.set_id);
    END`.execute(db);
    await sql`CREATE TRIGGER annotation_features_rtree_update AFTER UPDATE OF min_x, min_y, max_x, max_y ON annotation_features BEGIN
      UPDATE annotation_features_rtree SET min_x = new.min_x, max_x = new.max_x, min_y = new.min_y, max_y = new.max_y
      WHERE row_id = new.row_id;
    END`.execute(db);
    await sql`CREATE TRIGGER annotation_features_rtree_delete AFTER DELETE ON annotation_features BEGIN
      DELETE FROM annotation_features_rtree WHERE row_id = old.row_id;
    END`.execute(db);
  } else {
    await sql`CREATE INDEX annotation_features_box_idx ON annotation_features
      USING gist (box(point(min_x, min_y), point(max_x, max_y)))`.execute(db);
  }

  await db.schema
    .createTable('annotation_set_versions')
    .addColumn('set_id', 'varchar(24)', (c) =>
      c.notNull().references('annotation_sets.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('annotation_set_versions_pk', ['set_id', 'version'])
    .execute();
  await db.schema
    .createTable('annotation_version_collections')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('set_id', 'varchar(24)', (c) =>
      c.notNull().references('annotation_sets.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('annotation_version_collections_version_idx')
    .on('annotation_version_collections')
    .columns(['set_id', 'version', 'tag'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('annotation_version_collections').execute();
  await db.schema.dropTable('annotation_set_versions').execute();
  if (isSqlite(db)) await sql`DROP TABLE annotation_features_rtree`.execute(db);
  await db.schema.dropTable('annotation_cell_markers').execute();
  await db.schema.dropTable('annotation_features').execute();
  await db.schema.dropTable('annotation_set_links').execute();
  await db.schema.dropTable('annotation_sets').execute();
  await db.schema.dropTable('annotation_classes').execute();
}
