import { describe, expect, it } from 'vitest';
import { createBusyCounter, nextBusyCount } from './busy-counter.ts';

describe('busy counter', () => {
  it('adds and removes requests', () => {
    expect(nextBusyCount(0, 1)).toBe(1);
    expect(nextBusyCount(2, -1)).toBe(1);
  });

  it('never goes below zero', () => {
    expect(nextBusyCount(0, -1)).toBe(0);
    const counter = createBusyCounter();
    counter.change(-1);
    counter.change(-1);
    expect(counter.get()).toBe(0);
    // After the stray ends, one new request must still show as busy.
    counter.change(1);
    expect(counter.get()).toBe(1);
  });

  it('tells listeners about changes only', () => {
    const counter = createBusyCounter();
    const seen: number[] = [];
    const stop = counter.subscribe((n) => seen.push(n));
    counter.change(1);
    counter.change(1);
    counter.change(-1);
    counter.change(-1);
    counter.change(-1); // clamped: no change, no call
    stop();
    counter.change(1);
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});
