/**
 * Table types as Kysely sees them. Conventions that hold on both dialects (docs/architecture.md):
 * ids are 24-hex text, timestamps are ISO-8601 UTC text (sortable), booleans are integers 0/1,
 * JSON is text. One representation keeps every query identical on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

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
}
