import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('formats in local time as YYYY-MM-DD HH:mm', () => {
    // Built from local parts, so the expectation holds in any time zone the tests run in.
    const local = new Date(2024, 0, 5, 7, 3, 59);
    expect(formatDateTime(local.toISOString())).toBe('2024-01-05 07:03');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('2025-12-31 23:59');
  });

  it('answers empty for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
