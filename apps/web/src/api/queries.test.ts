import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { MANUAL_NOT_READ_CODE } from '@tessera/domain';
import { ApiError } from './client.ts';
import { appSignalOf, shouldRetryQuery } from './queries.ts';

describe('query retry rule', () => {
  it('retries other failures up to 3 times', () => {
    const error = new ApiError(500, ERROR_CODES.internal, 'Internal error');
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry a 404', () => {
    expect(
      shouldRetryQuery(0, new ApiError(404, ERROR_CODES.projectNotFound, 'Project could not be found')),
    ).toBe(false);
  });

  it('does not retry when the user manual was not read', () => {
    expect(shouldRetryQuery(0, new ApiError(403, MANUAL_NOT_READ_CODE, 'Read the manual'))).toBe(false);
  });
});

describe('what a failed request tells the app-state gate', () => {
  it('manual not read shows the manual dialog', () => {
    expect(
      appSignalOf(new ApiError(403, MANUAL_NOT_READ_CODE, 'Please read and confirm the user manual')),
    ).toBe('manualNotRead');
  });
  it('no answer or a gateway/maintenance status checks the version file at once', () => {
    expect(appSignalOf(new TypeError('Failed to fetch'))).toBe('checkAppState');
    expect(appSignalOf(new ApiError(503, 'MAINTENANCE', 'down'))).toBe('checkAppState');
  });
  it('ordinary refusals and aborts say nothing', () => {
    expect(appSignalOf(new ApiError(403, ERROR_CODES.forbidden, 'no'))).toBeNull();
    expect(appSignalOf(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});
