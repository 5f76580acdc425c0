/**
 * Encoded binary answers kept in memory (issue #13 point 8: a million cell markers in ≤ 2 s). Reading a
 * million rows is most of an answer's cost, and the answer only changes when the set's items do: a made
 * version never changes, and the working state changes exactly when the set's items revision moves on
 * (every write takes the set's lock, which counts it: lockSet). So an answer is kept under the set, and
 * the version or the working revision it shows; a stale key is simply never asked again and ages out.
 * Least recently used answers leave first once the bytes pass the budget; each serving process keeps
 * its own. Two requests for one missing answer share one read.
 */
import type { LinkedSet } from './annotation-writes.ts';

/** What one serving process keeps: 256 MiB holds the markers of nine sets of a million. */
export const ANSWER_CACHE_BYTES = 256 * 1024 * 1024;

export class EncodedAnswers {
  private readonly kept = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;

  constructor(private readonly maxBytes = ANSWER_CACHE_BYTES) {}

  /** The kept answer of `key`, else `make`'s, kept when it fits. */
  async get(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const hit = this.kept.get(key);
    if (hit) {
      // Re-inserted: a Map iterates in insertion order, so its first key is the least recently used.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    let answer = this.pending.get(key);
    if (!answer) {
      answer = make().finally(() => this.pending.delete(key));
      this.pending.set(key, answer);
      void answer.then((made) => this.keep(key, made)).catch(() => undefined);
    }
    return answer;
  }

  private keep(key: string, answer: Uint8Array): void {
    if (answer.byteLength > this.maxBytes / 2 || this.kept.has(key)) return;
    this.kept.set(key, answer);
    this.bytes += answer.byteLength;
    for (const [oldest, value] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= value.byteLength;
    }
  }
}

/** The key of an answer about the set: a made version, or the working state at the set's revision. */
export const answerKey = (kind: string, set: LinkedSet, version: number | undefined): string =>
  version === undefined
    ? `${kind}:${set.id}:working:${set.revision}`
    : `${kind}:${set.id}:version:${version}`;
