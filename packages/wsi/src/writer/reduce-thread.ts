/**
 * The 2× box mean of LibvipsLevels' level-0 blocks on a worker thread. Re-encoding, the main thread
 * otherwise spends about a third of the conversion's CPU in this loop while libvips' threads wait for it;
 * on its own thread it overlaps with them and with the main thread's appends and lower levels. The
 * target lives in a SharedArrayBuffer, so the worker writes the block's columns of the level-1 row in
 * place; the source block is copied into shared memory (a memcpy, a quarter of the loop's time). One
 * worker for the process, started on first use and not keeping the process alive.
 */
import { Worker } from 'node:worker_threads';
import { boxReduceRgbInto } from './downsample.ts';

// The worker runs the very function the main thread would (its compiled source), so both give the same bytes.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const boxReduceRgbInto = ${boxReduceRgbInto.toString()};
parentPort.on('message', (m) => {
  try {
    boxReduceRgbInto(m.source, m.sourceWidth, m.width, m.height, m.target, m.targetWidth, m.targetX, m.targetY);
    parentPort.postMessage({ id: m.id, error: null });
  } catch (error) {
    parentPort.postMessage({ id: m.id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function reduceWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (m: { id: number; error: string | null }) => {
    const task = pending.get(m.id);
    pending.delete(m.id);
    if (pending.size === 0) started.unref();
    if (m.error === null) task?.resolve();
    else task?.reject(new Error(`Reducing a block failed: ${m.error}`));
  });
  const fail = (error: Error) => {
    worker = null;
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The reducing thread stopped (exit code ${code})`)));
  return (worker = started);
}

/** An RGB buffer in shared memory, which the reducing thread can write into: a level row's pixels. */
export const sharedRgb = (bytes: number): Buffer => Buffer.from(new SharedArrayBuffer(bytes));

/** boxReduceRgbInto on the reducing thread; `target` must be shared (sharedRgb). */
export function boxReduceRgbOffThread(
  source: Uint8Array,
  sourceWidth: number,
  width: number,
  height: number,
  target: Buffer,
  targetWidth: number,
  targetX: number,
  targetY: number,
): Promise<void> {
  if (!(target.buffer instanceof SharedArrayBuffer))
    throw new TypeError('The target must be in shared memory (sharedRgb)');
  const rows = Math.min(height, Math.ceil(source.length / (sourceWidth * 3)));
  const shared = new Uint8Array(new SharedArrayBuffer(sourceWidth * rows * 3));
  shared.set(source.subarray(0, shared.length));
  const id = nextId++;
  const thread = reduceWorker();
  thread.ref();
  return new Promise<void>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({
      id,
      source: shared,
      sourceWidth,
      width,
      height,
      target,
      targetWidth,
      targetX,
      targetY,
    });
  });
}
