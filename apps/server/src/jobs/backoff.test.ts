import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, retryDelayMs } from './backoff.ts';

const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };

describe('retryDelayMs', () => {
  it('doubles per attempt from the base', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, noJitter))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it('is capped at the maximum, even for absurd attempt counts', () => {
    expect(retryDelayMs(9, noJitter)).toBe(600_000);
    expect(retryDelayMs(1_000_000, noJitter)).toBe(600_000);
  });

  it('treats attempt 0 or below like the first attempt', () => {
    expect(retryDelayMs(0, noJitter)).toBe(5_000);
    expect(retryDelayMs(-3, noJitter)).toBe(5_000);
  });

  it('spreads by the jitter fraction both ways and never exceeds the cap', () => {
    const opts = { baseMs: 1_000, maxMs: 10_000, jitter: 0.2 };
    expect(retryDelayMs(1, opts, () => 0)).toBe(800);
    expect(retryDelayMs(1, opts, () => 1)).toBe(1_200);
    expect(retryDelayMs(1, opts, () => 0.5)).toBe(1_000);
    expect(retryDelayMs(10, opts, () => 1)).toBe(10_000);
  });
});
