/**
 * Table types of slide uploads (migrations 0025, 0027), kept beside schema.ts so that file stays small; the same
 * conventions hold (timestamps ISO text).
 */
import type { ColumnType } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Where an upload stands (migration 0025's comment tells each). */
export type UploadState = 'receiving' | 'registering' | 'registered' | 'failed';

export interface UploadsTable {
  /** The tus upload id: the last segment of its URL. */
  id: string;
  project_id: string;
  user_id: string;
  file_name: string;
  /** The client's checksum (packages/domain checksum.ts), checked against the bytes before registering. */
  checksum: string;
  /** bigint: read as a number (database.ts). */
  size: ColumnType<number, number, number>;
  state: UploadState;
  /** While registering: until when the registering server holds it. */
  lease_until: Nullable<string>;
  slide_id: Nullable<string>;
  error_message: Nullable<string>;
  created_at: string;
  updated_at: string;
  /** The files of one item of several (migration 0027): the client's key, and the item's file count. */
  item_key: Nullable<string>;
  /** Where this file goes in the item's folder ('x/Slidedat.ini'); empty for a single-file upload. */
  relative_path: Nullable<string>;
  file_count: Nullable<number>;
  /** 1: a part of a file sent in parallel parts (tus concatenation), never registered itself. */
  is_partial: ColumnType<number, number | undefined, number>;
}
