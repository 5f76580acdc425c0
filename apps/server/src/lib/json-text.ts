/**
 * A JSON answer already written as text: a large answer assembled from JSON the database stores (an
 * annotation viewport), sent without parsing and serializing it again. Its parts, joined, are the
 * document; they come in chunks, possibly as the database reads them, and go out in small batches as
 * they are joined, so a 30 MB viewport is never one string to join and encode at once (that was a fifth
 * of its time) and its first bytes leave before its last rows are read. Only routes that declare
 * isResponseUnchecked may answer one (http/route.ts); the text must be JSON of the contract's shape.
 */

/**
 * Characters per batch: small enough that a batch is an ordinary heap string (V8 gives a string over
 * 128 KB memory of its own, mapped afresh each time) and the socket encodes it in memory it reuses.
 * Megabyte batches cost a 28 MB viewport a quarter more on a virtual machine, where a page fault is
 * dear (300 against 230 ms, `npm run bench -- annotations`). Writing the parts into buffers instead was
 * slower still: each buffer's memory outside the heap pressed the collector to run.
 */
const BATCH_CHARS = 1 << 15;

export class JsonText {
  constructor(readonly chunks: AsyncIterable<readonly string[]> | Iterable<readonly string[]>) {}

  /** The text in batches of about BATCH_CHARS, as strings: the socket encodes them as it writes. */
  async *batches(): AsyncGenerator<string> {
    let batch: string[] = [];
    let chars = 0;
    for await (const chunk of this.chunks)
      for (const part of chunk) {
        batch.push(part);
        chars += part.length;
        if (chars >= BATCH_CHARS) {
          yield batch.join('');
          batch = [];
          chars = 0;
        }
      }
    if (batch.length > 0) yield batch.join('');
  }
}
