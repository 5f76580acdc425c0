/**
 * `npm run bench -- convert`: the optimized-pyramid conversion (jobs/convert-image.job.ts, run in this process
 * with the server's own modules) against `vips tiffsave --tile --pyramid --compression jpeg` on the same large
 * tissue pyramid as the tiles benchmark (_lib.ts ensureTissueSlide; DESIGN §13), and on the same tissue
 * stored as LZW tiles, which nothing can copy: every tile decoded and re-encoded (DESIGN §13's re-encode
 * bar, ≤ 1×). Last line: `RESULT convert ratio=<copy path: ours/peer wall time> reencode_ratio=<…>`.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/compose.ts';
import { convertImageJob } from '../apps/server/src/jobs/convert-image.job.ts';
import { registerImage } from '../apps/server/src/modules/imaging/images.service.ts';
import {
  CACHE_DIR,
  checkIdle,
  ensurePeers,
  ensureTissueSlide,
  has,
  log,
  onCleanup,
  run,
  runBench,
  stopAll,
} from './_lib.ts';

const mb = (file: string) => `${(statSync(file).size / 2 ** 20).toFixed(0)} MB`;

interface Run {
  input: string;
  oursMs: number;
  vipsMs: number;
  oursOut: string;
  vipsOut: string;
  how: string;
}

/**
 * Registers `slide`'s image as every registration does (images.service registerImage: checksum, then the
 * reader's SlideInfo), converts it with the job alone, then has vips convert it. No server: the API's
 * import refuses files linked from outside its folder, and the benchmark files stay in the cache.
 */
async function convertBoth(slide: string, work: string): Promise<Run> {
  mkdirSync(work);
  const composed = await compose(
    loadConfig({
      ...process.env,
      TESSERA_DATA_DIR: path.join(work, 'data'),
      TESSERA_DEMO: 'false',
      TESSERA_LOG_LEVEL: 'warn',
    }),
    { log: () => undefined },
  );
  let oursMs: number;
  let oursOut: string;
  const lines: string[] = [];
  try {
    const { ctx } = composed;
    const { image } = await registerImage(ctx, [slide]);
    const row = { image_id: image.id };
    const t0 = performance.now();
    const result = (await convertImageJob.handle(
      { imageId: row.image_id },
      {
        jobId: 'bench',
        attempt: 1,
        db: ctx.db,
        dialect: ctx.dialect,
        blobs: ctx.blobs,
        signal: new AbortController().signal,
        progress: async () => undefined,
        log: async (l) => void lines.push(l),
      },
    )) as { optimizedPath: string };
    oursMs = performance.now() - t0;
    oursOut = result.optimizedPath;
  } finally {
    await composed.close();
  }
  const vipsOut = path.join(work, 'vips.tif');
  const t1 = performance.now();
  run(
    'vips',
    [
      'tiffsave',
      slide,
      vipsOut,
      '--tile',
      '--pyramid',
      '--compression',
      'jpeg',
      '--tile-width',
      '256',
      '--tile-height',
      '256',
      '--bigtiff',
    ],
    // vips reads a generic tiled TIFF through its OpenSlide module when the module loads (3× slower here:
    // 38 s against 12 s for level 0 alone); pointed at no module folder, it uses its own TIFF loader, the
    // faster peer. (sharp sets VIPSHOME to its own build's prefix, so without this the peer would depend
    // on whether sharp was loaded first.)
    { VIPSHOME: path.join(work, 'no-vips-modules') },
  );
  const vipsMs = performance.now() - t1;
  return { input: slide, oursMs, vipsMs, oursOut, vipsOut, how: lines.slice(0, 2).join(' ') };
}

/**
 * The tissue slide's level 0 stored as 256² LZW tiles (horizontal predictor, libvips' default): about
 * 1.9 GB of tiles no converter can copy. Made by libvips from the level-0 JPEG slide once, and cached.
 */
function ensureLzwTissueSlide(): string {
  const file = path.join(CACHE_DIR, 'tissue-44400x32637-lzw.tif');
  if (existsSync(file)) return file;
  log(`generating ${file} with libvips (about a minute) …`);
  const partial = path.join(CACHE_DIR, `.tissue-lzw-${process.pid}.tif`);
  try {
    run('vips', [
      'tiffsave',
      ensureTissueSlide('level-0'),
      partial,
      '--tile',
      '--tile-width',
      '256',
      '--tile-height',
      '256',
      '--compression',
      'lzw',
      '--bigtiff',
    ]);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return file;
}

function report(title: string, r: Run): number {
  const ratio = r.oursMs / r.vipsMs;
  log(`\n${title}: ${path.basename(r.input)} (${mb(r.input)})`);
  log(`  Tessera: ${r.how}`);
  log(`  Tessera convert-image  ${(r.oursMs / 1000).toFixed(1).padStart(6)} s  -> ${mb(r.oursOut)}`);
  log(`  vips tiffsave          ${(r.vipsMs / 1000).toFixed(1).padStart(6)} s  -> ${mb(r.vipsOut)}`);
  log(`  ratio ${ratio.toFixed(2)}`);
  return ratio;
}

async function main(): Promise<void> {
  ensurePeers([{ name: 'vips', present: () => has('vips'), pkg: 'libvips-tools' }]);
  const pyramid = ensureTissueSlide('pyramid');
  const level0 = ensureTissueSlide('level-0');
  const lzw = ensureLzwTissueSlide();
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-convert-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  log(
    `cores ${os.cpus().length}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await checkIdle();
  // The benchmark input (the tiles benchmark's pyramid): its stored 2× levels are copied as they are.
  const ratio = report(
    'a pyramid with every 2× level',
    await convertBoth(pyramid, path.join(work, 'pyramid')),
  );
  // Shown beside it, not hidden: a scan storing level 0 alone, where libvips must make every reduced level.
  report(
    'level 0 alone (reduced levels made, not copied)',
    await convertBoth(level0, path.join(work, 'level0')),
  );
  // The re-encode path: LZW tiles, so every level is decoded and encoded, by us and by vips alike.
  const reencode = report(
    'LZW tiles (every level re-encoded)',
    await convertBoth(lzw, path.join(work, 'lzw')),
  );
  log(`\nbar: ratio <= 0.5 on the pyramid ${ratio <= 0.5 ? 'met' : 'NOT met'}`);
  log(`bar: reencode_ratio <= 1 on the LZW tiles ${reencode <= 1 ? 'met' : 'NOT met'}`);
  stopAll();
  log(`RESULT convert ratio=${ratio.toFixed(2)} reencode_ratio=${reencode.toFixed(2)}`);
}

await runBench(main);
