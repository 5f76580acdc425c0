/** Shared pieces of the benchmarks: peers, the cached large slide, child processes, wrk. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { slidePath } from '../packages/wsi/test/slides.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Cache that survives runs: the tissue slides take ~30 s each to build. */
export const CACHE_DIR = path.join(os.tmpdir(), 'tessera-bench');
const TISSUE_SOURCE = slidePath('CMU-1-Small-Region.svs');

export const log = (line: string) => console.log(line);

const children: ChildProcess[] = [];
const cleanups: (() => void)[] = [];

/** Stops every process the benchmark started, newest first; also on Ctrl-C and on failure. */
export function stopAll(): void {
  for (const c of cleanups.splice(0).reverse()) c();
  for (const c of children.splice(0).reverse()) if (c.exitCode === null && c.pid) c.kill('SIGTERM');
}
process.on('exit', stopAll);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    stopAll();
    process.exit(130);
  });
export const onCleanup = (fn: () => void) => cleanups.push(fn);

export function startChild(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logName: string,
): ChildProcess {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let tail = '';
  const keep = (b: Buffer) => (tail = (tail + b.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', (code, sig) => {
    if (code !== 0 && code !== null) console.error(`[${logName}] exited with ${code}\n${tail}`);
    else if (sig && sig !== 'SIGTERM') console.error(`[${logName}] killed by ${sig}\n${tail}`);
  });
  return child;
}

/** Runs a command to completion; throws with its output when it fails. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Reads a file once so that it sits in the page cache. */
export function warmPageCache(file: string): void {
  const fd = openSync(file, 'r');
  const chunk = Buffer.allocUnsafe(8 << 20);
  try {
    while (readSync(fd, chunk, 0, chunk.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

/** CPU time in use on the machine over `ms`, from /proc/stat (0–1): other processes skew a benchmark. */
export async function busyFraction(ms = 2000): Promise<number> {
  const sample = () => {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3]! + (n[4] ?? 0);
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  const a = sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  return b.total === a.total ? 0 : 1 - (b.idle - a.idle) / (b.total - a.total);
}

/** Says how busy the machine is before measuring, and warns when the numbers will not be clean. */
export async function checkIdle(): Promise<void> {
  const busy = await busyFraction();
  log(`machine busy before measuring: ${(busy * 100).toFixed(0)}% of ${os.cpus().length} cores`);
  if (busy > 0.15) log('WARNING: other processes are using the CPU; ratios from this run are less reliable');
}

export const has = (cmd: string) =>
  spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/**
 * Finds the peers; installs the missing Debian packages when running as root. Exits non-zero, naming
 * what is missing, rather than skipping a comparison silently.
 */
export function ensurePeers(peers: { name: string; present: () => boolean; pkg: string }[]): void {
  let missing = peers.filter((p) => !p.present());
  if (missing.length && process.getuid?.() === 0) {
    const pkgs = [...new Set(missing.map((p) => p.pkg))];
    log(`installing ${pkgs.join(' ')} …`);
    spawnSync('apt-get', ['install', '-y', ...pkgs], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    missing = missing.filter((p) => !p.present());
  }
  if (missing.length) {
    console.error(
      `MISSING benchmark peers: ${missing.map((p) => `${p.name} (apt package ${p.pkg})`).join(', ')}`,
    );
    console.error(
      `Install them with: apt-get install -y ${[...new Set(missing.map((p) => p.pkg))].join(' ')}`,
    );
    process.exit(3);
  }
}

/**
 * The large tissue slide of research/anchors-performance §9.0: the real CMU-1-Small-Region.svs replicated
 * 20 × 11 by libvips into a 44,400 × 32,637 BigTIFF of 256² JPEG tiles at Q80; as a pyramid with every 2×
 * level (chain layout, which iipsrv and OpenSlide read), or `levels: 'level-0'` alone, like a scan that
 * stores no reduced levels. Its tiles carry tissue texture and weigh what scanner tiles do (~11 KB); our
 * synthetic pattern (tools/generate-slide.js) compresses to ~3 KB, which would make a re-encoding peer look
 * cheaper than it is on real slides. Generated once and cached.
 */
export function ensureTissueSlide(levels: 'pyramid' | 'level-0' = 'pyramid'): string {
  return ensureReplicatedSlide({ across: 20, down: 11, quality: 80, levels });
}

/**
 * CMU-1-Small-Region.svs replicated `across` × `down` into a tiled JPEG BigTIFF at `quality`: the tissue
 * slide above, or a bigger one (the upload benchmark's 2 GB). Generated once and cached.
 */
export function ensureReplicatedSlide({
  across,
  down,
  quality,
  levels,
}: {
  across: number;
  down: number;
  quality: number;
  levels: 'pyramid' | 'level-0';
}): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  const name =
    across === 20 && down === 11 && quality === 80
      ? 'tissue-44400x32637'
      : `tissue-${2220 * across}x${2967 * down}-q${quality}`;
  const file = path.join(CACHE_DIR, `${name}${levels === 'pyramid' ? '' : '-level0'}.tif`);
  if (existsSync(file)) return file;
  log(
    `generating ${file} from ${TISSUE_SOURCE} with libvips (30 s for the tissue slide, minutes for bigger) …`,
  );
  const t0 = Date.now();
  const work = path.join(CACHE_DIR, `tissue-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    // RGB first, then replicated: one large intermediate rather than two (a 2 GB slide's is 28 GB).
    run('vips', ['extract_band', TISSUE_SOURCE, path.join(work, 'one.v'), '0', '--n', '3']);
    run('vips', [
      'replicate',
      path.join(work, 'one.v'),
      path.join(work, 'rgb.v'),
      String(across),
      String(down),
    ]);
    const partial = path.join(work, 'slide.tif');
    const tiling = [
      '--tile',
      '--tile-width',
      '256',
      '--tile-height',
      '256',
      '--compression',
      'jpeg',
      '--Q',
      String(quality),
      '--bigtiff',
    ];
    run('vips', [
      'tiffsave',
      path.join(work, 'rgb.v'),
      partial,
      ...tiling,
      ...(levels === 'pyramid' ? ['--pyramid'] : []),
    ]);
    renameSync(partial, file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return file;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

export interface WrkResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  errors: number;
}

const toMs = (v: string): number => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v.trim());
  if (!m) throw new Error(`unreadable wrk latency '${v}'`);
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
};

/** Parses `wrk --latency` output; a run with socket errors or non-2xx answers counts those as errors. */
export function parseWrk(out: string): WrkResult {
  const pct = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out);
    if (!m) throw new Error(`wrk output has no ${p}% line:\n${out}`);
    return toMs(m[1]!);
  };
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const reqs = /(\d+) requests in/.exec(out);
  if (!rps || !reqs) throw new Error(`unreadable wrk output:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const sockErr = sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return {
    rps: Number(rps[1]),
    p50: pct('50'),
    p90: pct('90'),
    p99: pct('99'),
    requests: Number(reqs[1]),
    errors: non2xx + sockErr,
  };
}

/** Runs a benchmark's main: on failure its message (and stack), every child stopped, exit code 1. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    stopAll();
    process.exit(1);
  }
}
