/**
 * Table types of annotations (migration 0021), kept beside schema.ts so that file stays small; the same
 * conventions hold (JSON is text, timestamps ISO text, booleans 0/1). Row and item ids are integers:
 * bigint on PostgreSQL, which the pool reads back as numbers (database.ts).
 */
import type { ColumnType, Generated } from 'kysely';

/** A project's annotation class (spec 2 §3 "Annotation class"). */
export interface AnnotationClassesTable {
  project_id: string;
  class_id: string;
  name: string;
  /** '#rrggbb'. */
  color: string;
  /** 'freehand' (region annotations) or 'cma' (cell markers). */
  type: string;
  /** The order the project lists its classes in. */
  position: number;
}

export interface AnnotationSetsTable {
  id: string;
  image_id: string;
  name: string;
  /** The working version: every edit writes into it; making a version moves it on. */
  version: Generated<number>;
  /** The next feature or marker id of the set. */
  next_item_id: Generated<number>;
  /** Counts the transactions that wrote the set's items (migration 0022; lockSet). */
  items_revision: Generated<number>;
  /** SQLite: the set's R*Tree dimension (migration 0023), given when it is made; null on PostgreSQL. */
  spatial_key: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Where a set shows: a project's slide of the set's image, with the set's name (unique per slide). */
export interface AnnotationSetLinksTable {
  set_id: string;
  project_id: string;
  slide_id: string;
  name: string;
  linked_at: string;
}

/** The columns every versioned item row has: alive in versions [v_from, v_to), v_to null = still alive. */
interface ItemRow {
  row_id: Generated<number>;
  set_id: string;
  item_id: number;
  v_from: number;
  v_to: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: string | null;
  created_at: string;
}

/** A region annotation's state (spec 2 §3 "Annotation feature"). */
export interface AnnotationFeaturesTable extends ItemRow {
  /** Freehand, Sam or Ruler (cell markers live in their own table). */
  type: string;
  class_id: string;
  /** JSON: the GeoJSON geometry (Polygon, LineString or Point), image pixels, y down. */
  geometry: string;
  min_x: number;
  min_y: number;
  max_x: number;
  max_y: number;
  item_index: number | null;
  item_count: number | null;
  is_locked: ColumnType<number, number | undefined, number>;
  /** JSON: the feature's other properties (annotatedBy, measurements). */
  properties: string;
  /**
   * JSON: the `properties` the feature is answered with — the columns' values, then `properties` —
   * kept with the row's every write (migration 0024; annotation-items.queries.ts answerProperties).
   */
  answer_properties: string;
}

/** A cell marker's state: a point and its classes (spec 2 §3 "Cell marker values"). */
export interface AnnotationCellMarkersTable extends ItemRow {
  x: number;
  y: number;
  /** JSON: [{classId, rating?, ranking?}]. */
  classes: string;
}

export interface AnnotationSetVersionsTable {
  set_id: string;
  version: number;
  created_by: string | null;
  created_at: string;
}

/** A tag over one version of a set (spec 2 §3 "Version ... collections (id, tag)"). */
export interface AnnotationVersionCollectionsTable {
  id: string;
  set_id: string;
  version: number;
  tag: string;
  created_at: string;
}

/** An encoded answer about a set, shared by the serving processes (migration 0026). */
export interface AnnotationAnswersTable {
  key: string;
  set_id: string;
  /** The answers of one kind about the set's working state: a newer one makes the others stale. Null for a version's. */
  family: string | null;
  bytes: Uint8Array;
  made_at: string;
}
