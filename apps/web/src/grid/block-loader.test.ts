import { describe, expect, it } from 'vitest';
import { BlockLoader } from './block-loader.ts';
import type { BlockRequest } from './row-tree.ts';

function setup() {
  const timers: { fn: () => void; ms: number }[] = [];
  const started: BlockRequest[] = [];
  const finish: (() => void)[] = [];
  const loader = new BlockLoader({
    fetch: (request) => {
      started.push(request);
      return new Promise<void>((resolve) => finish.push(resolve));
    },
    onError: () => undefined,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => timers.splice(0),
  });
  return { loader, timers, started, finish };
}
const block = (n: number): BlockRequest => ({ path: [], block: n });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('BlockLoader', () => {
  it('waits 750 ms after scrolling stops, then runs at most 2 requests at once', async () => {
    const { loader, timers, started, finish } = setup();
    loader.want([block(3), block(4), block(5)]);
    expect(started).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([750]);
    timers[0]!.fn();
    expect(started).toEqual([block(3), block(4)]);
    finish[0]!();
    await tick();
    expect(started).toEqual([block(3), block(4), block(5)]);
  });

  it('fetches only what is still in view when the pause ends; the first block goes at once', () => {
    const { loader, timers, started } = setup();
    loader.want([block(1)]);
    loader.want([block(9)]); // scrolled on before the pause ended
    expect(timers).toHaveLength(1);
    timers[0]!.fn();
    expect(started).toEqual([block(9)]);
    loader.want([block(0)], true);
    expect(started).toEqual([block(9), block(0)]);
  });

  it('aborts running requests on reset', () => {
    const signals: AbortSignal[] = [];
    const loader = new BlockLoader({
      fetch: (_r, signal) => (signals.push(signal), new Promise(() => undefined)),
      onError: () => undefined,
    });
    loader.want([block(0)], true);
    loader.reset();
    expect(signals[0]!.aborted).toBe(true);
    expect(loader.running).toBe(0);
  });
});
