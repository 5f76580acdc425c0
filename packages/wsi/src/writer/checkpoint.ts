/**
 * A checkpoint file: how to go on writing a pyramid after a crash. One JSON document and the binary
 * buffers it lists (tile offsets, pending reduced tiles, the caller's rows), in one file written under a
 * temporary name, made durable and renamed over the previous checkpoint, so a crash while writing leaves
 * the previous one whole. Anything that does not read back exactly is no checkpoint: the caller starts over.
 */
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

const MAGIC = Buffer.from('TSRCKPT1', 'latin1');

export interface Checkpoint<J> {
  json: J;
  buffers: Buffer[];
}

export async function writeCheckpoint(path: string, checkpoint: Checkpoint<unknown>): Promise<void> {
  const json = Buffer.from(
    JSON.stringify({ lengths: checkpoint.buffers.map((b) => b.length), json: checkpoint.json }),
    'utf8',
  );
  const head = Buffer.alloc(MAGIC.length + 4);
  MAGIC.copy(head);
  head.writeUInt32LE(json.length, MAGIC.length);
  const temp = `${path}.next`;
  const handle = await open(temp, 'w');
  try {
    await handle.writev([head, json, ...checkpoint.buffers]);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

/** The checkpoint at `path`, or null when there is none or it does not read back whole. */
export async function readCheckpoint<J>(path: string): Promise<Checkpoint<J> | null> {
  const bytes = await readFile(path).catch(() => null);
  if (!bytes || bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    return null;
  const jsonLength = bytes.readUInt32LE(MAGIC.length);
  let offset = MAGIC.length + 4 + jsonLength;
  if (offset > bytes.length) return null;
  let parsed: { lengths: unknown; json: J };
  try {
    parsed = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, offset)) as typeof parsed;
  } catch {
    return null;
  }
  const { lengths } = parsed;
  if (!Array.isArray(lengths) || !lengths.every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  const buffers: Buffer[] = [];
  for (const length of lengths as number[]) {
    if (offset + length > bytes.length) return null;
    buffers.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return offset === bytes.length ? { json: parsed.json, buffers } : null;
}

export async function removeCheckpoint(path: string): Promise<void> {
  await Promise.all([unlink(path).catch(() => undefined), unlink(`${path}.next`).catch(() => undefined)]);
}

/** What the caller of checkpoint() needs to go on after a resume: JSON-able `state` and binary `buffers`. */
export interface CallerState {
  state: unknown;
  buffers: Buffer[];
}

/** The writer's own part of a checkpoint (checkpoint.ts holds the file format). */
export interface SavedWriter {
  fingerprint: string;
  uuid: string;
  cursor: number;
  nextTile: number;
  converted: number[][];
  jpegTables: string | null;
  appendedTables: string | null;
  /** Pending reduced tiles, one buffer each, after the offsets and byte counts of every level and channel. */
  pending: { level: number; channel: number; index: number }[];
  caller: unknown;
}

type Samples = Uint8Array | Uint16Array;

/** The pending reduced tiles (per level, channel and column) as the checkpoint lists them, with their buffers. */
export function savePending(pending: readonly (readonly (readonly (Samples | undefined)[])[])[]): {
  list: SavedWriter['pending'];
  buffers: Buffer[];
} {
  const list: SavedWriter['pending'] = [];
  const buffers: Buffer[] = [];
  pending.forEach((channels, level) =>
    channels.forEach((row, channel) =>
      row.forEach((samples, index) => {
        if (!samples) return;
        list.push({ level, channel, index });
        buffers.push(bytesOf(samples));
      }),
    ),
  );
  return { list, buffers };
}

/** Puts the pending reduced tiles of a checkpoint back, each read into a new tile of the writer's. */
export function restorePending(
  list: SavedWriter['pending'],
  buffers: readonly Buffer[],
  pending: (Samples | undefined)[][][],
  newTile: () => Samples,
): void {
  list.forEach(({ level, channel, index }, i) => {
    const samples = newTile();
    copyInto(samples, buffers[i]!);
    pending[level]![channel]![index] = samples;
  });
}

/** The temporary files of a pyramid being written to `path`: `.name.<random>.partial`, its `.resume` (and `.next`). */
export async function partialFilesOf(path: string): Promise<string[]> {
  const prefix = `.${basename(path)}.`;
  return (await readdir(dirname(path))).filter(
    (n) => n.startsWith(prefix) && /\.partial(\.resume(\.next)?)?$/.test(n),
  );
}

/** The bytes of a typed array, shared (a checkpoint buffer). */
export function bytesOf(array: Samples | Float64Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** Fills a typed array from a checkpoint buffer of exactly its size. */
export function copyInto(array: Samples | Float64Array, bytes: Buffer): void {
  if (bytes.length !== array.byteLength) throw new Error('A checkpoint buffer has the wrong size');
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
}
