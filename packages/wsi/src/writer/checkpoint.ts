/**
 * A checkpoint file: how to go on writing a pyramid after a crash. One JSON document and the binary
 * buffers it lists (tile offsets, pending reduced tiles, the caller's rows), in one file written under a
 * temporary name, made durable and renamed over the previous checkpoint, so a crash while writing leaves
 * the previous one whole. Anything that does not read back exactly is no checkpoint: the caller starts over.
 */
import { open, readFile, rename, unlink } from 'node:fs/promises';

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
