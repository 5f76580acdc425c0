import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonText } from './json-text.ts';

async function batchesOf(text: JsonText): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of text.batches()) out.push(batch);
  return out;
}

describe('JsonText', () => {
  it('sends exactly its parts, in order, whatever the chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ maxLength: 3000 }), { maxLength: 40 }), { maxLength: 40 }),
        async (chunks) => {
          const batches = await batchesOf(new JsonText(chunks));
          expect(batches.join('')).toBe(chunks.flat().join(''));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps its batches small: at most one part past 32,768 characters', async () => {
    const part = 'x'.repeat(1000);
    const batches = await batchesOf(new JsonText([Array.from({ length: 300 }, () => part)]));
    expect(batches.join('')).toHaveLength(300_000);
    for (const batch of batches) expect(batch.length).toBeLessThan(32_768 + part.length);
    expect(batches.length).toBeGreaterThanOrEqual(9);
  });

  it('reads chunks that arrive asynchronously, and sends nothing for none', async () => {
    async function* chunks() {
      yield ['{"a":'];
      await new Promise((resolve) => setTimeout(resolve, 1));
      yield ['1}'];
    }
    expect(await batchesOf(new JsonText(chunks()))).toEqual(['{"a":1}']);
    expect(await batchesOf(new JsonText([]))).toEqual([]);
  });
});
