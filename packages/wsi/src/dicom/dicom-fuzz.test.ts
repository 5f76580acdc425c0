import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WsiError } from '../errors.ts';
import { BufferSource } from '../source/byte-source.ts';
import { slidePath } from '../../test/slides.ts';
import { readDicomHeader } from './header.ts';
import { DicomSlide } from './slide.ts';

/*
 * Mutates the real DICOM test files (bit flips, byte overwrites, truncation) and runs open + tile reads on
 * them. The only acceptable failure is a WsiError. Mutations aim mostly at the data set before Pixel Data
 * and at the first pixel items (offset table, fragment headers), where a flip changes structure rather
 * than pixel values. 1,000 cases by default (WSI_DICOM_FUZZ_RUNS to change).
 */
const SERIES = [
  ['dicom/openslide-boxes/boxes_0.dcm', 'dicom/openslide-boxes/boxes_1.dcm'],
  ['dicom/highdicom-sm/sm_image.dcm'],
  ['dicom/pathml-small/small_dicom.dcm'],
];
const RUNS = Number(process.env['WSI_DICOM_FUZZ_RUNS'] ?? 1000);

interface Sample {
  files: Buffer[];
  /** Per file: [start, end) of the header and of the start of Pixel Data. */
  hot: [number, number][];
}

async function loadSamples(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const names of SERIES) {
    const files = names.map((n) => readFileSync(slidePath(n)));
    const hot: [number, number][] = [];
    for (const bytes of files) {
      const header = await readDicomHeader(new BufferSource(bytes));
      hot.push([0, Math.min(bytes.length, header.pixelData.valueOffset + 256)]);
    }
    samples.push({ files, hot });
  }
  return samples;
}

const mutation = fc.record({
  hot: fc.integer({ min: 0, max: 3 }),
  where: fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })),
  kind: fc.constantFrom('flip', 'byte', 'zero', 'ff'),
  bit: fc.integer({ min: 0, max: 7 }),
  byte: fc.integer({ min: 0, max: 255 }),
});

const scenario = fc.record({
  series: fc.nat({ max: SERIES.length - 1 }),
  file: fc.nat(),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 6 }),
  truncate: fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })),
  withTruncation: fc.integer({ min: 0, max: 4 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function mutate(sample: Sample, s: Scenario): Buffer[] {
  const target = s.file % sample.files.length;
  return sample.files.map((original, index) => {
    if (index !== target) return original;
    const bytes = Buffer.from(original);
    for (const m of s.mutations) {
      // Three mutations in four hit the header region.
      const [start, end] = m.hot !== 0 ? sample.hot[index]! : [0, bytes.length];
      const pos = start + (m.where % (end - start));
      if (m.kind === 'flip') bytes[pos] = bytes[pos]! ^ (1 << m.bit);
      else if (m.kind === 'byte') bytes[pos] = m.byte;
      else bytes[pos] = m.kind === 'zero' ? 0 : 0xff;
    }
    // One case in five is cut short somewhere.
    return s.withTruncation !== 0 ? bytes : bytes.subarray(0, s.truncate % bytes.length);
  });
}

/** Everything a tile server does with a slide: open, raw tiles, passthrough or decode, associated images, ICC. */
async function exercise(files: Buffer[]): Promise<void> {
  const slide = await DicomSlide.fromSources(files.map((f) => new BufferSource(f)));
  const attempts: Promise<unknown>[] = [];
  slide.info.levels.forEach((level, index) => {
    const lastX = Math.ceil(level.width / level.tileWidth) - 1;
    const lastY = Math.ceil(level.height / level.tileHeight) - 1;
    for (const [x, y] of [
      [0, 0],
      [lastX, lastY],
    ] as const) {
      attempts.push(slide.readRawTile(index, x, y));
      attempts.push(
        level.compression === 'jpeg'
          ? slide.readJpegTilePassthrough(index, x, y)
          : slide.decodeTile(index, x, y),
      );
    }
  });
  for (const { kind, compression } of slide.info.associatedImages) {
    const image = slide.associatedImage(kind)!;
    attempts.push(image.readRawTile());
    attempts.push(compression === 'jpeg' ? image.readJpegPassthrough() : image.decodeTile());
  }
  attempts.push(slide.readIccProfile());
  const results = await Promise.allSettled(attempts);
  await slide.close();
  for (const result of results) if (result.status === 'rejected') throw result.reason;
}

describe('fuzz: mutated real DICOM files', () => {
  it(`only WsiError escapes the DICOM reader (${RUNS} cases)`, async () => {
    const samples = await loadSamples();
    const unexpected: string[] = [];
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        try {
          await exercise(mutate(samples[s.series]!, s));
          outcomes.set('ok', (outcomes.get('ok') ?? 0) + 1);
        } catch (error) {
          const key = error instanceof WsiError ? error.code : 'other';
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          if (!(error instanceof WsiError)) {
            unexpected.push(
              `${SERIES[s.series]!.join('+')}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
            );
            return false;
          }
        }
        return true;
      }),
      { numRuns: RUNS, seed: Number(process.env['WSI_FUZZ_SEED'] ?? 20240611) },
    );
    if (process.env['WSI_FUZZ_STATS']) console.log('RESULT', JSON.stringify([...outcomes]));
    expect(unexpected).toEqual([]);
    // The mutations must leave many files readable (they hit values, not only structure) and fail in varied ways.
    expect(outcomes.get('ok') ?? 0).toBeGreaterThan(RUNS * 0.2);
    expect([...outcomes.keys()].filter((k) => k !== 'ok').length).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
