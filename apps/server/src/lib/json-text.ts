/**
 * A JSON answer already written as text: a large answer assembled from JSON the database stores (an
 * annotation viewport), sent without parsing and serializing it again. Its parts, joined, are the
 * document; they go out a megabyte at a time as they are encoded, so a 30 MB viewport is never one
 * string to join and encode at once (that was a fifth of its time). Only routes that declare
 * isResponseUnchecked may answer one (http/route.ts); the text must be JSON of the contract's shape.
 */
const BATCH_CHARS = 1 << 20;

export class JsonText {
  constructor(readonly parts: readonly string[]) {}

  *buffers(): Generator<Buffer> {
    let batch: string[] = [];
    let chars = 0;
    for (const part of this.parts) {
      batch.push(part);
      chars += part.length;
      if (chars >= BATCH_CHARS) {
        yield Buffer.from(batch.join(''));
        batch = [];
        chars = 0;
      }
    }
    if (batch.length > 0) yield Buffer.from(batch.join(''));
  }
}
