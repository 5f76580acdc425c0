/**
 * CLI: node tools/generate-slide.js brightfield|fluorescence --width N --height N --out FILE
 *        [--seed 1] [--tile 256] [--mpp 0.25] [--magnification 40] [--layout subifd|chain]
 * Writes a deterministic synthetic pyramid (see synthetic-slides.ts) and prints its levels and the time.
 */
import { parseArgs } from 'node:util';
import { generateBrightfieldSlide, generateFluorescenceSlide } from '@tessera/wsi';

const USAGE =
  'Usage: node tools/generate-slide.js brightfield|fluorescence --width N --height N --out FILE ' +
  '[--seed 1] [--tile 256] [--mpp 0.25] [--magnification 40] [--layout subifd|chain]';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      width: { type: 'string' },
      height: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      tile: { type: 'string', default: '256' },
      mpp: { type: 'string', default: '0.25' },
      magnification: { type: 'string', default: '40' },
      layout: { type: 'string', default: 'subifd' },
    },
  });
  const kind = positionals[0];
  const width = Number(values.width);
  const height = Number(values.height);
  const isSize = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1_000_000;
  if (
    (kind !== 'brightfield' && kind !== 'fluorescence') ||
    !values.out ||
    !isSize(width) ||
    !isSize(height)
  ) {
    console.error(USAGE);
    return 2;
  }
  if (values.layout !== 'subifd' && values.layout !== 'chain') {
    console.error(`--layout must be subifd or chain\n${USAGE}`);
    return 2;
  }
  const generate = kind === 'brightfield' ? generateBrightfieldSlide : generateFluorescenceSlide;
  let lastPercent = -1;
  const result = await generate(values.out, {
    width,
    height,
    seed: Number(values.seed),
    tileSize: Number(values.tile),
    mpp: Number(values.mpp),
    magnification: Number(values.magnification),
    layout: values.layout,
    onProgress: (done, total) => {
      const percent = Math.floor((100 * done) / total);
      if (percent !== lastPercent && process.stderr.isTTY) process.stderr.write(`\r${percent}%`);
      lastPercent = percent;
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  console.log(
    `wrote ${result.path}: ${result.levels.map((l) => `${l.width}x${l.height}`).join(', ')} in ${result.seconds.toFixed(1)} s`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
