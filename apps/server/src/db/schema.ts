/**
 * Table types as Kysely sees them. Conventions that hold on both dialects (docs/architecture.md):
 * ids are 24-hex text, timestamps are ISO-8601 UTC text (sortable), booleans are integers 0/1,
 * JSON is text. One representation keeps every query identical on SQLite and PostgreSQL.
 */
import type { ColumnType, Generated } from 'kysely';
import type { LandmarksTable, ToolConfigsTable } from './viewer-tables.ts';
import type { UploadsTable } from './upload-tables.ts';
import type {
  AnnotationAnswersTable,
  AnnotationCellMarkersTable,
  AnnotationClassesTable,
  AnnotationFeaturesTable,
  AnnotationSetLinksTable,
  AnnotationSetsTable,
  AnnotationSetVersionsTable,
  AnnotationVersionCollectionsTable,
} from './annotation-tables.ts';

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  password_hash: string | null;
  password_changed_at: string | null;
  must_change_password: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  is_sso_user: number;
  manual_version_read: string;
  failed_logins: number;
  locked_until: string | null;
  created_at: string;
  /** Migration 0002: set up an authenticator app at the next sign-in. */
  must_setup_totp: Generated<number>;
  /** Migration 0002: the last accepted TOTP time step (replay guard). */
  totp_last_counter: number | null;
}

export interface UserSystemRolesTable {
  user_id: string;
  role: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  refresh_token_hash: string;
  remember: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Migration 0015: refresh tokens a session rotated away from; presenting one again ends the session. */
export interface RetiredRefreshTokensTable {
  token_hash: string;
  session_id: string;
  /** The session's expiry: after it the row is pruned (the session ends anyway). */
  expires_at: string;
}

/** Migration 0015: the sign-in rate limit shared by every serving process ('<limit>:<address>'). */
export interface AuthRateLimitsTable {
  bucket: string;
  hits: number;
  /** When the window ends; the next hit after it starts a new one. */
  reset_at: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AuthChallengesTable {
  id: string;
  user_id: string;
  kind: string;
  token_hash: string;
  code_hash: string | null;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** Migration 0002: the remember-me choice carried to the session the sign-in starts. */
  remember: Generated<number>;
}

/** A single sign-on in flight (migration 0004): state at the provider, then a one-time exchange code. */
export interface SsoLoginsTable {
  id: string;
  provider_id: string;
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  remember: number;
  user_id: string | null;
  exchange_code_hash: string | null;
  expires_at: string;
  completed_at: string | null;
  exchanged_at: string | null;
  created_at: string;
}

export interface ProjectsTable {
  id: string;
  name: string;
  name_key: string;
  summary: string;
  folder_id: string;
  is_home: number;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  project_id: string;
  user_id: string;
  role: string;
  created_at: string;
}

export interface FolderIdsTable {
  folder_id: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: string | null;
  action: string;
  target: string | null;
  details: string;
  ip: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A durable job (migration 0006): state, progress, attempts and the lease of the worker running it. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON, validated by the kind's zod schema at enqueue and again at run. */
  payload: string;
  state: string;
  progress: Generated<number>;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: string;
  locked_by: string | null;
  heartbeat_at: string | null;
  error_message: string | null;
  /** JSON returned by the handler. */
  result: string | null;
  project_id: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Append-only log lines of a job (migration 0006). */
export interface JobLogsTable {
  id: Generated<number>;
  job_id: string;
  at: string;
  line: string;
}

/** Migration 0005: one scanned file (or file set), content-addressed by checksum, shared by slide copies. */
export interface ImagesTable {
  id: string;
  checksum: string;
  /** bigint: PostgreSQL answers it as a string. */
  size: ColumnType<string | number, number, number>;
  /** JSON array of the absolute paths of the original files. */
  storage_paths: string;
  format: string;
  /** JSON: the reader's SlideInfo at registration. */
  image_info: string;
  conversion_status: Generated<string>;
  created_at: string;
  /** Migration 0007: the optimized pyramid's absolute path, set only after its atomic rename. */
  optimized_path: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0007: JSON [{level, channel, converted, total}] of the last conversion (spec 2 §2). */
  conversion_counts: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0007: why the last conversion failed, for people. */
  conversion_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0016: the job converting the image (queued once per image); its state is the image's conversion state. */
  conversion_job_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0018: JSON [{width, height, tileWidth, tileHeight}] of the optimized pyramid's levels. */
  optimized_levels: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 0005: a project's slide, pointing at an image; unique per (project_id, checksum). */
/** A nullable column that may be left out on insert. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface SlidesTable {
  id: string;
  project_id: string;
  image_id: string;
  file_name: string;
  file_extension: string;
  checksum: string;
  name: string;
  status: Generated<string>;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  // Migration 0009: the slide metadata fields (spec 1 §3), typed; lists as JSON text (also in side tables).
  block_id: Nullable<string>;
  assays: ColumnType<string, string | undefined, string>;
  assay_markers_formatted: Nullable<string>;
  tissue_type: Nullable<string>;
  organ: Nullable<string>;
  consent_obtained: Nullable<number>;
  privacy_class: Nullable<string>;
  technical_info: Nullable<string>;
  image_qc_pass: Nullable<number>;
  slide_qc_pass: Nullable<number>;
  qc_comments: ColumnType<string, string | undefined, string>;
  study_id: Nullable<string>;
  acronym: Nullable<string>;
  patient_id: Nullable<string>;
  visit: Nullable<string>;
  drug_ids: ColumnType<string, string | undefined, string>;
  sample_type: Nullable<string>;
  collection_date: Nullable<string>;
  results_qc_pass: Nullable<number>;
  results_qc_comment: Nullable<string>;
  indication_v2: Nullable<string>;
  indication_subtype_v2: Nullable<string>;
  tumor_subtype: Nullable<string>;
  molecular_subtype: ColumnType<string, string | undefined, string>;
  staining_date: Nullable<string>;
  staining_platform: Nullable<string>;
  scanner: Nullable<string>;
  scan_date: Nullable<string>;
  scan_magnification: Nullable<number>;
  section_thickness: Nullable<number>;
  section_date: Nullable<string>;
  predicted_class: Nullable<string>;
  prediction_score: Nullable<number>;
  he_assessed_by: Nullable<string>;
  he_secondary_reviewer: Nullable<string>;
  tumor_content: Nullable<number>;
  necrosis: Nullable<number>;
  ihc_score: Nullable<number>;
  h_score: Nullable<number>;
  annotation_set_id: Nullable<string>;
  /** JSON list of the fields editable in this row, or null (the flags decide). */
  editable_fields: Nullable<string>;
  can_edit_slide_fields: ColumnType<number, number | undefined, number>;
  can_edit_project_fields: ColumnType<number, number | undefined, number>;
}

/** Migration 0009: values of a slide's multi-value fields (drugIds, qcComments, molecularSubtype), one row each. */
export interface SlideValuesTable {
  slide_id: string;
  project_id: string;
  field: string;
  value: string;
}

/** Migration 0009: a slide's assay channels (also in slides.assays as JSON, for reading rows). */
export interface SlideAssaysTable {
  slide_id: string;
  project_id: string;
  channel: number;
  id: string;
  marker: string;
  chromogen_fluorophores: string | null;
  primary_antibody: string | null;
  secondary_antibody: string | null;
  qc_pass: number | null;
  qc_comment: string | null;
  qc_freetext: string | null;
}

/** Migration 0009: controlled vocabularies; parent '' for values not linked to another value. */
export interface VocabularyValuesTable {
  vocabulary: string;
  parent: ColumnType<string, string | undefined, string>;
  value: string;
  deprecated_since: string | null;
  created_at: string;
}

/** Migration 0011: a field a project adds to its slide table. */
export interface ProjectFieldsTable {
  project_id: string;
  field_name: string;
  header_name: string;
  primary_type: string;
  group_id: string;
  created_at: string;
}

/** Migration 0011: a slide's value of a project field (text in value_text; numbers and booleans in value_num). */
export interface SlideProjectValuesTable {
  slide_id: string;
  project_id: string;
  field_name: string;
  value_text: string | null;
  value_num: number | null;
}

/** Migration 0009: a user's saved column state of a grid, per project and table id. */
export interface GridColumnStatesTable {
  user_id: string;
  project_id: string;
  table_id: string;
  state: string;
  updated_at: string;
}

/** Migration 0012: a project's slide-change version, bumped by trigger on every write to its slides. */
export interface GridVersionsTable {
  project_id: string;
  version: number;
}

/** Migration 0017: a version per table that remembered lookups read (db/prepared.ts), bumped by triggers. */
export interface TableVersionsTable {
  name: string;
  version: number;
}

/** Migration 0012: the slides changed under each version (trigger-written; pruned by age). */
export interface GridChangesTable {
  project_id: string;
  version: number;
  slide_id: string;
  /** Epoch seconds. */
  changed_at: number;
}

/** Migration 0008: a slide's equalization preset; one per (slide, scope, user), user_id only for scope 'user'. */
export interface EqualizationPresetsTable {
  id: string;
  project_id: string;
  slide_id: string;
  scope: 'user' | 'project' | 'default';
  user_id: string | null;
  /** JSON: the domain's EqualizationPreset. */
  preset: string;
  updated_by: string | null;
  updated_at: string;
}

/** Migration 0013: a shared filter view of the slide table, keyed by its content hash. */
export interface SharedViewsTable {
  /** 22 base64url characters of SHA-256 over project id, type and the value's canonical JSON. */
  hash: string;
  project_id: string;
  /** 'metadata filters config' (spec 1 §7). */
  type: string;
  /** JSON: the view (globalSearchText, filterModel, columnState), keys sorted at every depth. */
  value: string;
  created_by: string | null;
  created_at: string;
}

/** Migration 0020: the fields a project chose for a QC metadata preset (absent: the preset's default). */
export interface MetadataPresetsTable {
  project_id: string;
  /** A preset id of the domain other than 'all'. */
  preset_id: string;
  /** JSON: the field names in display order. */
  fields: string;
  updated_by: string | null;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  user_system_roles: UserSystemRolesTable;
  sessions: SessionsTable;
  retired_refresh_tokens: RetiredRefreshTokensTable;
  auth_rate_limits: AuthRateLimitsTable;
  api_keys: ApiKeysTable;
  auth_challenges: AuthChallengesTable;
  sso_logins: SsoLoginsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  folder_ids: FolderIdsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  images: ImagesTable;
  slides: SlidesTable;
  slide_values: SlideValuesTable;
  slide_assays: SlideAssaysTable;
  vocabulary_values: VocabularyValuesTable;
  grid_column_states: GridColumnStatesTable;
  grid_versions: GridVersionsTable;
  table_versions: TableVersionsTable;
  grid_changes: GridChangesTable;
  project_fields: ProjectFieldsTable;
  slide_project_values: SlideProjectValuesTable;
  jobs: JobsTable;
  job_logs: JobLogsTable;
  equalization_presets: EqualizationPresetsTable;
  shared_views: SharedViewsTable;
  landmarks: LandmarksTable;
  tool_configs: ToolConfigsTable;
  metadata_presets: MetadataPresetsTable;
  annotation_classes: AnnotationClassesTable;
  annotation_sets: AnnotationSetsTable;
  annotation_set_links: AnnotationSetLinksTable;
  annotation_features: AnnotationFeaturesTable;
  annotation_cell_markers: AnnotationCellMarkersTable;
  annotation_answers: AnnotationAnswersTable;
  annotation_set_versions: AnnotationSetVersionsTable;
  annotation_version_collections: AnnotationVersionCollectionsTable;
  uploads: UploadsTable;
}
