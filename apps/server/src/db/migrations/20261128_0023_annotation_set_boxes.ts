/**
 * Bounding-box indexes that know the set (issue #13 point 8). Migration 0021 indexed boxes alone, so a
 * viewport of one set walked the boxes of every set in the same pixel range — on a server of thousands
 * of annotated slides, thousands of times the features asked for — and dropped the others row by row.
 * Now the set is part of the index:
 * - SQLite: a third R*Tree dimension holds the set's `spatial_key` (min = max), a small integer given
 *   when the set is made (the set's rowid may change in a VACUUM; R*Tree coordinates are 32-bit floats,
 *   exact to 16,777,216 sets);
 * - PostgreSQL: the GiST index leads with the set id (btree_gist, a trusted extension since PostgreSQL
 *   13: the database's owner may create it); `spatial_key` stays empty there.
 * Immutable: change in a new migration.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('annotation_sets').addColumn('spatial_key', 'integer').execute();
  if (!isSqlite(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
    await sql`DROP INDEX annotation_features_box_idx`.execute(db);
    await sql`CREATE INDEX annotation_features_box_idx ON annotation_features
      USING gist (set_id, box(point(min_x, min_y), point(max_x, max_y)))`.execute(db);
    return;
  }
  await sql`UPDATE annotation_sets SET spatial_key = rowid`.execute(db);
  await db.schema
    .createIndex('annotation_sets_spatial_key_idx')
    .on('annotation_sets')
    .column('spatial_key')
    .unique()
    .execute();
  await sql`DROP TRIGGER annotation_features_rtree_insert`.execute(db);
  await sql`DROP TABLE annotation_features_rtree`.execute(db);
  await sql`CREATE VIRTUAL TABLE annotation_features_rtree
    USING rtree(row_id, min_x, max_x, min_y, max_y, min_set, max_set)`.execute(db);
  await sql`INSERT INTO annotation_features_rtree
    SELECT f.row_id, f.min_x, f.max_x, f.min_y, f.max_y, s.spatial_key, s.spatial_key
    FROM annotation_features f JOIN annotation_sets s ON s.id = f.set_id`.execute(db);
  await sql`CREATE TRIGGER annotation_features_rtree_insert AFTER INSERT ON annotation_features BEGIN
    INSERT INTO annotation_features_rtree SELECT new.row_id, new.min_x, new.max_x, new.min_y, new.max_y,
      s.spatial_key, s.spatial_key FROM annotation_sets s WHERE s.id = new.set_id;
  END`.execute(db);
  // The update and delete triggers of migration 0021 name the R*Tree's row and box columns only: they stay.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) {
    await sql`DROP INDEX annotation_features_box_idx`.execute(db);
    await sql`CREATE INDEX annotation_features_box_idx ON annotation_features
      USING gist (box(point(min_x, min_y), point(max_x, max_y)))`.execute(db);
  } else {
    await sql`DROP TRIGGER annotation_features_rtree_insert`.execute(db);
    await sql`DROP TABLE annotation_features_rtree`.execute(db);
    await sql`CREATE VIRTUAL TABLE annotation_features_rtree
      USING rtree(row_id, min_x, max_x, min_y, max_y, +set_id)`.execute(db);
    await sql`INSERT INTO annotation_features_rtree
      SELECT row_id, min_x, max_x, min_y, max_y, set_id FROM annotation_features`.execute(db);
    await sql`CREATE TRIGGER annotation_features_rtree_insert AFTER INSERT ON annotation_features BEGIN
      INSERT INTO annotation_features_rtree VALUES (new.row_id, new.min_x, new.max_x, new.min_y, new.max_y, new.set_id);
    END`.execute(db);
    await sql`DROP INDEX annotation_sets_spatial_key_idx`.execute(db);
  }
  await db.schema.alterTable('annotation_sets').dropColumn('spatial_key').execute();
}
