import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WsiError } from './errors.ts';
import { jpegPassthrough, TiffSlide } from './slide.ts';
import { BufferSource } from './source/byte-source.ts';
import { slidePath } from '../test/slides.ts';
import { readTiffStructure } from './tiff/ifd.ts';

/*
 * Mutates the real test slides (bit flips, byte overwrites, truncation) and runs open + tile reads on
 * them. The only acceptable failure is a WsiError; any other exception, or a hang, fails the test.
 * Mutations are aimed mostly at the header and the IFDs, where a flip changes structure rather than
 * just pixel values. 10,000 cases, as issue #3 asks of CI (WSI_FUZZ_RUNS lowers it while developing).
 */
const FILES = [
  'boxes.tiff',
  'cells-2c.ome.tif',
  'cells-gray16.tif',
  'CMU-1-Small-Region.svs',
  'multi-channel-z-series.ome.tif',
  'small_vectra.qptiff',
  'smalltif.tif',
  'kidney-48-5.tif',
  'tcga-cr-7395-01a-01-ts1.svs',
];
const RUNS = Number(process.env['WSI_FUZZ_RUNS'] ?? 10_000);

interface Sample {
  bytes: Buffer;
  /** [start, end) byte ranges of the header and of every IFD's entry table. */
  hot: [number, number][];
}

async function loadSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const name of FILES) {
    const bytes = readFileSync(slidePath(name));
    const structure = await readTiffStructure(new BufferSource(bytes));
    const entrySize = structure.bigTiff ? 20 : 12;
    const hot: [number, number][] = [[0, 16]];
    const visit = (ifds: typeof structure.ifds): void => {
      for (const ifd of ifds) {
        hot.push([ifd.offset, ifd.offset + 2 + ifd.entries.size * entrySize + 4]);
        visit(ifd.subIfds);
      }
    };
    visit(structure.ifds);
    samples.push({ bytes, hot });
  }
  return samples;
}

const mutation = fc.record({
  hot: fc.boolean(),
  // noBias: fast-check otherwise favours 0, which would hit byte 0 (the byte order mark) most of the time.
  where: fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })),
  range: fc.noBias(fc.nat()),
  kind: fc.constantFrom('flip', 'byte', 'zero', 'ff'),
  bit: fc.integer({ min: 0, max: 7 }),
  byte: fc.integer({ min: 0, max: 255 }),
});

const scenario = fc.record({
  file: fc.nat({ max: FILES.length - 1 }),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 6 }),
  truncate: fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })),
  withTruncation: fc.integer({ min: 0, max: 4 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function mutate(sample: Sample, s: Scenario): Buffer {
  const bytes = Buffer.from(sample.bytes);
  for (const m of s.mutations) {
    const [start, end] = m.hot ? sample.hot[m.range % sample.hot.length]! : [0, bytes.length];
    const pos = Math.min(bytes.length - 1, start + (m.where % (end - start)));
    if (m.kind === 'flip') bytes[pos] = bytes[pos]! ^ (1 << m.bit);
    else if (m.kind === 'byte') bytes[pos] = m.byte;
    else bytes[pos] = m.kind === 'zero' ? 0 : 0xff;
  }
  // One case in five is cut short somewhere.
  return s.withTruncation !== 0 ? bytes : bytes.subarray(0, s.truncate % bytes.length);
}

/** Everything a tile server does with a slide: open, raw tiles, passthrough, decode, associated images. */
async function exercise(bytes: Buffer): Promise<void> {
  const slide = await TiffSlide.fromSource(new BufferSource(bytes));
  const attempts: Promise<unknown>[] = [];
  slide.info.levels.forEach((level, index) => {
    const lastX = Math.ceil(level.width / level.tileWidth) - 1;
    const lastY = Math.ceil(level.height / level.tileHeight) - 1;
    for (const [x, y] of [
      [0, 0],
      [lastX, lastY],
    ] as const) {
      attempts.push(slide.readRawTile(index, x, y));
      if (level.compression === 'jpeg') attempts.push(slide.readJpegTilePassthrough(index, x, y));
      else if (level.compression !== 'jpeg2000' && level.width * level.tileHeight <= 4_000_000)
        attempts.push(slide.decodeTile(index, x, y, slide.info.channels.length - 1));
    }
  });
  for (const info of slide.info.associatedImages) {
    const image = slide.associatedImage(info.kind)!;
    if (image.compression === 7) attempts.push(jpegPassthrough(image, 0, 0));
    else attempts.push(image.readChunk(0));
  }
  attempts.push(slide.readIccProfile());
  const results = await Promise.allSettled(attempts);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
}

describe('fuzz: mutated real slides', () => {
  it(`only WsiError escapes the reader (${RUNS} cases)`, async () => {
    const samples = await loadSamples();
    const unexpected: string[] = [];
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        try {
          await exercise(mutate(samples[s.file]!, s));
          outcomes.set('ok', (outcomes.get('ok') ?? 0) + 1);
        } catch (error) {
          const key = error instanceof WsiError ? error.code : 'other';
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          if (!(error instanceof WsiError)) {
            unexpected.push(`${FILES[s.file]}: ${String(error)}`);
            return false;
          }
        }
        return true;
      }),
      { numRuns: RUNS, seed: Number(process.env['WSI_FUZZ_SEED'] ?? 20240611) },
    );
    if (process.env['WSI_FUZZ_STATS']) console.log('RESULT', JSON.stringify([...outcomes]));
    expect(unexpected).toEqual([]);
    // The mutations must reach past the header: most cases still open, and the error paths are varied.
    expect(outcomes.get('ok') ?? 0).toBeGreaterThan(RUNS * 0.2);
  }, 300_000);
});
