/**
 * Table types as Kysely sees them. Conventions that hold on both dialects (docs/architecture.md):
 * ids are 24-hex text, timestamps are ISO-8601 UTC text (sortable), booleans are integers 0/1,
 * JSON is text. One representation keeps every query identical on SQLite and PostgreSQL.
 */
import type { ColumnType, Generated } from 'kysely';

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
}

/** Migration 0005: a project's slide, pointing at an image; unique per (project_id, checksum). */
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

export interface Database {
  users: UsersTable;
  user_system_roles: UserSystemRolesTable;
  sessions: SessionsTable;
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
  jobs: JobsTable;
  job_logs: JobLogsTable;
  equalization_presets: EqualizationPresetsTable;
}
