/** App version states of spec 1 §4. */
export const APP_VERSION = '2.1.875';

export type AppVersionState =
  | 'Default'
  | 'NewVersionAvailable'
  | 'UserManualNotRead'
  | 'Maintenance'
  | 'Unavailable';

/** The server error code meaning the user has not confirmed the current user manual. */
export const MANUAL_NOT_READ_CODE = 'USER_MANUAL_NOT_READ';

export const APP_STATE_POLL_MS = 3 * 60 * 1000;
export const APP_STATE_POLL_UNAVAILABLE_MS = 5 * 1000;

/**
 * The state a fetch of /version.json gives: a failed fetch or any other status is Unavailable, 503 is
 * Maintenance, version 0.0.0 is Default, a version other than the running one is NewVersionAvailable.
 */
export function versionStateOf(
  response: { status: number; version?: string | undefined } | null,
  runningVersion: string,
): AppVersionState {
  if (!response) return 'Unavailable';
  if (response.status === 503) return 'Maintenance';
  if (response.status !== 200 || typeof response.version !== 'string') return 'Unavailable';
  if (response.version === '0.0.0' || response.version === runningVersion) return 'Default';
  return 'NewVersionAvailable';
}

export const APP_STATE_MESSAGES = {
  maintenance: 'Sorry, the Portal is down for maintenance. It will be back in a few minutes.',
  manualButton: 'I have read and understood the user manual',
} as const;
