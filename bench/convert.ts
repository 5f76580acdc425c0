/**
 * `npm run bench -- convert`: the optimized-pyramid conversion (jobs/convert-image.job.ts, run in this process
 * with the server's own modules) against `vips tiffsave --tile --pyramid --compression jpeg` on the same large
 * generated pyramid (DESIGN §13). Last line: `RESULT convert ratio=<ours/peer wall time>`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/compose.ts';
import { convertImageJob } from '../apps/server/src/jobs/convert-image.job.ts';
import { optimizedDir } from '../apps/server/src/modules/images/images.service.ts';
import { startTessera } from './_tessera.ts';
import { ensurePeers, ensureTissueSlide, has, log, onCleanup, run, stopAll } from './_lib.ts';

const mb = (file: string) => `${(statSync(file).size / 2 ** 20).toFixed(0)} MB`;

async function main(): Promise<void> {
  ensurePeers([{ name: 'vips', present: () => has('vips'), pkg: 'libvips-tools' }]);
  const slide = ensureTissueSlide();
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-convert-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  log(
    `cores ${os.cpus().length}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; input ${slide} (${mb(slide)})`,
  );

  // Register the slide the way users do (API import), then stop the server so the conversion runs alone.
  const ours = await startTessera(work, slide);
  await new Promise<void>((resolve) => {
    ours.server.once('exit', () => resolve());
    ours.server.kill('SIGTERM');
  });

  const composed = await compose(
    loadConfig({ ...process.env, TESSERA_DATA_DIR: ours.dataDir, TESSERA_LOG_LEVEL: 'warn' }),
    { log: () => undefined },
  );
  let oursMs: number;
  let oursOut: string;
  try {
    const { ctx } = composed;
    const row = await ctx.db
      .selectFrom('slides')
      .select('image_id')
      .where('id', '=', ours.slideId)
      .executeTakeFirstOrThrow();
    const lines: string[] = [];
    const t0 = performance.now();
    const result = (await convertImageJob.handle(
      { imageId: row.image_id, outputDir: optimizedDir(ctx) },
      {
        jobId: 'bench',
        attempt: 1,
        db: ctx.db,
        dialect: ctx.dialect,
        signal: new AbortController().signal,
        progress: async () => undefined,
        log: async (l) => void lines.push(l),
      },
    )) as { optimizedPath: string; mode: string; levels: number };
    oursMs = performance.now() - t0;
    oursOut = result.optimizedPath;
    log(`Tessera: ${lines[0] ?? ''}`);
  } finally {
    await composed.close();
  }

  const vipsOut = path.join(work, 'vips.tif');
  const t1 = performance.now();
  run('vips', [
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
  ]);
  const vipsMs = performance.now() - t1;

  log(`\nconversion of the same ${slide.split('/').pop()}`);
  log(`Tessera convert-image  ${(oursMs / 1000).toFixed(1).padStart(6)} s  -> ${mb(oursOut)}`);
  log(`vips tiffsave          ${(vipsMs / 1000).toFixed(1).padStart(6)} s  -> ${mb(vipsOut)}`);
  const ratio = oursMs / vipsMs;
  log(`bar: ratio <= 0.5 ${ratio <= 0.5 ? 'met' : 'NOT met'}`);
  stopAll();
  log(`RESULT convert ratio=${ratio.toFixed(2)}`);
}

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  stopAll();
  process.exit(1);
}
