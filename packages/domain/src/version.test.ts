import { describe, expect, it } from 'vitest';
import {
  APP_STATE_MESSAGES,
  APP_STATE_POLL_MS,
  APP_STATE_POLL_UNAVAILABLE_MS,
  APP_VERSION,
  MANUAL_NOT_READ_CODE,
  versionStateOf,
} from './version.ts';

describe('app version state (spec 1 §4)', () => {
  it('runs version 2.1.875', () => {
    expect(APP_VERSION).toBe('2.1.875');
  });

  it.each([
    ['a failed fetch', null, 'Unavailable'],
    ['status 503', { status: 503 }, 'Maintenance'],
    ['status 503 even with a version', { status: 503, version: '9.9.9' }, 'Maintenance'],
    ['status 500', { status: 500, version: APP_VERSION }, 'Unavailable'],
    ['status 404', { status: 404 }, 'Unavailable'],
    ['status 204', { status: 204 }, 'Unavailable'],
    ['status 200 without a version', { status: 200 }, 'Unavailable'],
    ['version 0.0.0', { status: 200, version: '0.0.0' }, 'Default'],
    ['the running version', { status: 200, version: APP_VERSION }, 'Default'],
    ['another version', { status: 200, version: '2.1.876' }, 'NewVersionAvailable'],
    ['an older version', { status: 200, version: '2.1.874' }, 'NewVersionAvailable'],
  ] as const)('%s gives %s', (_name, response, state) => {
    expect(versionStateOf(response, APP_VERSION)).toBe(state);
  });

  it('compares with the running version it is given', () => {
    expect(versionStateOf({ status: 200, version: '1.0.0' }, '1.0.0')).toBe('Default');
    expect(versionStateOf({ status: 200, version: APP_VERSION }, '1.0.0')).toBe('NewVersionAvailable');
  });

  it('polls every 3 minutes, every 5 seconds while unavailable', () => {
    expect(APP_STATE_POLL_MS).toBe(180_000);
    expect(APP_STATE_POLL_UNAVAILABLE_MS).toBe(5_000);
  });

  it('names the manual-not-read server code and keeps the spec texts', () => {
    expect(MANUAL_NOT_READ_CODE).toBe('USER_MANUAL_NOT_READ');
    expect(APP_STATE_MESSAGES.maintenance).toBe(
      'Sorry, the Portal is down for maintenance. It will be back in a few minutes.',
    );
    expect(APP_STATE_MESSAGES.manualButton).toBe('I have read and understood the user manual');
  });
});
