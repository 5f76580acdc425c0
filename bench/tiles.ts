/**
 * `npm run bench -- tiles`: random level-0 tiles of one large JPEG tissue pyramid (_lib.ts ensureTissueSlide),
 * Tessera (stored-JPEG passthrough)
 * against iipsrv 1.1 (Debian, 2 FastCGI processes behind lighttpd, DESIGN §13), wrk at 8 and 32 connections
 * on loopback; and against the ceiling (_ceiling.ts: bare node:http answering the same stored tile bytes
 * from memory), so the distance to the limit is measured, not guessed. Last line:
 * `RESULT tiles ratio=<ours/peer at c=8> p99_ms=<ours p99 at c=8> ceiling_ratio=<ours/ceiling at c=8>`.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTessera } from './_tessera.ts';
import { IIPSRV, startIipsrv } from './_iipsrv.ts';
import {
  checkIdle,
  ensurePeers,
  ensureTissueSlide,
  freePort,
  has,
  log,
  onCleanup,
  parseWrk,
  ROOT,
  run,
  runBench,
  startChild,
  stopAll,
  type WrkResult,
  waitFor,
  warmPageCache,
} from './_lib.ts';

const DURATION = process.env.BENCH_DURATION ?? '8s';
const CONNECTIONS = [8, 32];
const URL_COUNT = 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The run with the median throughput (its own latencies with it). */
const median = (runs: WrkResult[]): WrkResult =>
  [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

/** The ceiling server (_ceiling.ts) on the benchmark's URLs; answers its base URL once it serves. */
async function startCeiling(slide: string, urlsFile: string, firstUrl: string): Promise<string> {
  const port = await freePort();
  startChild(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/_ceiling.ts'), slide, String(port), urlsFile],
    {},
    'ceiling',
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor('ceiling', async () => (await fetch(base + firstUrl)).status === 200);
  return base;
}

function wrk(base: string, urlsFile: string, token: string | null, connections: number): WrkResult {
  const out = run(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${DURATION}`,
      '--latency',
      '-s',
      path.join(ROOT, 'bench/_cycle.lua'),
      base,
    ],
    {
      BENCH_URLS: urlsFile,
      BENCH_TOKEN: token ?? '',
    },
  );
  const r = parseWrk(out);
  if (r.errors > 0) throw new Error(`wrk against ${base} saw ${r.errors} errors or non-2xx answers:\n${out}`);
  return r;
}

async function checkOk(url: string, token: string | null, what: string): Promise<number> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body[0] !== 0xff || body[1] !== 0xd8)
    throw new Error(
      `${what} tile ${url} answered ${res.status} (${res.headers.get('content-type')}), not a JPEG`,
    );
  return body.length;
}

async function main(): Promise<void> {
  ensurePeers([
    { name: 'iipsrv', present: () => existsSync(IIPSRV), pkg: 'iipimage-server' },
    { name: 'lighttpd', present: () => has('lighttpd'), pkg: 'lighttpd' },
    { name: 'wrk', present: () => has('wrk'), pkg: 'wrk' },
    { name: 'vips (builds the slide)', present: () => has('vips'), pkg: 'libvips-tools' },
  ]);
  const slide = ensureTissueSlide();
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-tiles-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  log(
    `cores ${os.cpus().length}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (the peers share the machine with wrk)`,
  );

  const ours = await startTessera(work, slide);
  const { base: iipBase } = await startIipsrv(work);
  const top = ours.levels[0]!;
  const cols = Math.ceil(top.size.w / top.tileSize.w);
  const rows = Math.ceil(top.size.h / top.tileSize.h);
  const maxZ = ours.levels.length - 1;
  log(
    `slide ${top.size.w}x${top.size.h}, ${ours.levels.length} levels, level-0 grid ${cols}x${rows} of ${top.tileSize.w}px tiles`,
  );

  // The same random level-0 tiles for both servers. iipsrv's resolution index counts from the smallest level
  // like our z, and JTL numbers tiles row-major.
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const ourUrls: string[] = [];
  const iipUrls: string[] = [];
  for (let i = 0; i < URL_COUNT; i++) {
    const x = Math.floor(rand() * cols);
    const y = Math.floor(rand() * rows);
    ourUrls.push(`${ours.prefix}/${maxZ}/${x}/${y}`);
    iipUrls.push(`/fcgi-bin/iipsrv.fcgi?FIF=${slide}&JTL=${maxZ},${y * cols + x}`);
  }
  const ourFile = path.join(work, 'ours.txt');
  const iipFile = path.join(work, 'iipsrv.txt');
  writeFileSync(ourFile, ourUrls.join('\n') + '\n');
  writeFileSync(iipFile, iipUrls.join('\n') + '\n');
  // Both servers read the same file: warm the page cache first, so neither pays for the disk alone.
  warmPageCache(slide);
  const ourBytes = await checkOk(ours.base + ourUrls[0], ours.token, 'Tessera');
  const iipBytes = await checkOk(iipBase + iipUrls[0], null, 'iipsrv');
  const ceilingBase = await startCeiling(slide, ourFile, ourUrls[0]!);
  const ceilingBytes = await checkOk(ceilingBase + ourUrls[0], null, 'ceiling');
  log(`first tile: Tessera ${ourBytes} B, iipsrv ${iipBytes} B, ceiling ${ceilingBytes} B`);

  // Rounds alternate which server goes first, and each side keeps its median round: the shared 2-core
  // machine drifts by ±20% between runs of a few seconds (research/spikes.md, gotcha 7).
  await checkIdle();
  const results: { c: number; ours: WrkResult; peer: WrkResult; ceiling: WrkResult }[] = [];
  for (const c of CONNECTIONS) {
    const peerRuns: WrkResult[] = [];
    const ourRuns: WrkResult[] = [];
    const ceilingRuns: WrkResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) peerRuns.push(wrk(iipBase, iipFile, null, c));
      ourRuns.push(wrk(ours.base, ourFile, ours.token, c));
      ceilingRuns.push(wrk(ceilingBase, ourFile, null, c));
      if (round % 2 === 1) peerRuns.push(wrk(iipBase, iipFile, null, c));
    }
    results.push({ c, ours: median(ourRuns), peer: median(peerRuns), ceiling: median(ceilingRuns) });
  }
  const fmt = (r: WrkResult) =>
    `${r.rps.toFixed(0).padStart(7)} tiles/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p90 ${r.p90.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms`;
  log(`\nrandom level-0 tiles, wrk -t2 -d${DURATION}, loopback, median of ${ROUNDS} rounds`);
  for (const r of results) {
    log(`c=${String(r.c).padEnd(3)} Tessera ${fmt(r.ours)}`);
    log(`c=${String(r.c).padEnd(3)} iipsrv  ${fmt(r.peer)}`);
    log(`c=${String(r.c).padEnd(3)} ceiling ${fmt(r.ceiling)}`);
    log(
      `c=${String(r.c).padEnd(3)} ratio   ${(r.ours.rps / r.peer.rps).toFixed(2)}x iipsrv, ${(r.ours.rps / r.ceiling.rps).toFixed(2)}x ceiling`,
    );
  }
  const at8 = results.find((r) => r.c === 8)!;
  const ratio = at8.ours.rps / at8.peer.rps;
  log(
    `bars: ratio >= 5 ${ratio >= 5 ? 'met' : 'NOT met'}; p99 <= 30 ms at c=8 ${at8.ours.p99 <= 30 ? 'met' : 'NOT met'}`,
  );
  stopAll();
  const ceilingRatio = at8.ours.rps / at8.ceiling.rps;
  log(
    `RESULT tiles ratio=${ratio.toFixed(2)} p99_ms=${at8.ours.p99.toFixed(2)} ceiling_ratio=${ceilingRatio.toFixed(2)}`,
  );
}

await runBench(main);
