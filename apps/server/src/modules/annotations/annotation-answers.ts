/**
 * Encoded binary answers kept (issue #13 point 8, issue #14 point 9: a million cell markers drawn in ≤ 2
 * s). Reading a million rows is most of an answer's cost, and the answer only changes when the set's
 * items do: a made version never changes, and the working state changes exactly when the set's items
 * revision moves on (every write takes the set's lock, which counts it: lockSet). So an answer is kept
 * under the set, and the version or the working revision it shows; a stale key is simply never asked
 * again.
 *
 * Two tiers. Each serving process keeps answers in memory, least recently used leaving first once the
 * bytes pass the budget; and an answer made is also written to the database (annotation_answers,
 * migration 0026), so the other processes — and this one after a restart — read it back instead of
 * making it again. Two requests for one missing answer in a process share one read.
 */
import type { LinkedSet } from './annotation-writes.ts';

/** What one serving process keeps: 256 MiB holds the markers of nine sets of a million. */
export const ANSWER_CACHE_BYTES = 256 * 1024 * 1024;

/** Where an answer is kept, and which older answers it makes stale. */
export interface AnswerKey {
  key: string;
  setId: string;
  /** The answers of this kind about the set's working state (any revision); null for a version's. */
  family: string | null;
}

/** The answers shared by the serving processes (annotation-answers.queries.ts). */
export interface SharedAnswers {
  read(key: string): Promise<Uint8Array | null>;
  /** Keeps the answer, and drops the stale ones of its family. */
  write(key: AnswerKey, answer: Uint8Array): Promise<void>;
}

export class EncodedAnswers {
  private readonly kept = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;

  constructor(
    private readonly shared: SharedAnswers | null = null,
    private readonly maxBytes = ANSWER_CACHE_BYTES,
    /** Told when the shared tier fails; the answer is then made or served without it. */
    private readonly onSharedFailure: (error: unknown) => void = () => undefined,
  ) {}

  /** The kept answer of `key`, else the shared one, else `make`'s, kept in both. */
  async get(key: AnswerKey, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const hit = this.kept.get(key.key);
    if (hit) {
      // Re-inserted: a Map iterates in insertion order, so its first key is the least recently used.
      this.kept.delete(key.key);
      this.kept.set(key.key, hit);
      return hit;
    }
    let answer = this.pending.get(key.key);
    if (!answer) {
      answer = this.readOrMake(key, make).finally(() => this.pending.delete(key.key));
      this.pending.set(key.key, answer);
      void answer.then((made) => this.keep(key.key, made)).catch(() => undefined);
    }
    return answer;
  }

  private async readOrMake(key: AnswerKey, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const stored = await this.shared?.read(key.key).catch((error: unknown) => {
      this.onSharedFailure(error);
      return null;
    });
    if (stored) return stored;
    const made = await make();
    // Written after answering: the request does not wait for the other processes' copy.
    void this.shared?.write(key, made).catch(this.onSharedFailure);
    return made;
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
export function answerKey(kind: string, set: LinkedSet, version: number | undefined): AnswerKey {
  if (version !== undefined)
    return { key: `${kind}:${set.id}:version:${version}`, setId: set.id, family: null };
  const family = `${kind}:${set.id}:working`;
  return { key: `${family}:${set.revision}`, setId: set.id, family };
}
