/**
 * `npm run bench -- load`: mixed API load (DESIGN §13, issue #10 point 12): 200 connections for 30 s with
 * wrk on loopback, on SQLite and on PostgreSQL. Our server runs as a child process with its default
 * serving processes (one per core) on a fresh database holding one project like the demo's: 10,000
 * metadata rows, the tissue pyramid of _lib.ts ensureTissueSlide (tiles) and five small real slides (their
 * details), 12 users of different project roles, 200 signed-in sessions.
 *
 * Each session is a virtual user with its own client address (X-Forwarded-For, the server trusting its
 * proxy as behind a reverse proxy), because `/v1/auth/refresh` counts towards the per-address limit of
 * the token endpoints (120 a minute): 200 users behind one address would be refused after 120 refreshes.
 * The mix (bench/_load.lua): tiles, slide grid blocks of 100 rows (`POST …/slides/grid`: pages of several
 * sorts, filters, a search and a grouping) and slide details at MIX weights, and each session refreshes its
 * tokens every REFRESH_SECONDS (15) with its newest refresh token: 4 a minute per address, a thirtieth of
 * the limit, and 60 times what the web app does (once per access token, 15 minutes). Every refresh commits
 * (rotation, retired token, the database-counted rate limit), and a commit ends the lookups the server
 * remembers per data version (SQLite) or snapshot (PostgreSQL); BENCH_LOAD_REFRESH_SECONDS=5 shows the
 * price of 40 commits a second. wrk drives 180 of the connections; the other 20 are clients of ours with
 * the same mix that time every call (startProbes: wrk 4's percentiles are corrected for coordinated
 * omission, not those of the requests sent), which gives the p99 and the maximum, by kind too. wrk runs
 * once for the warm-up (WARMUP), the measured time (DURATION) and the rest of the memory window
 * (MEMORY_WINDOW_S from the start of the measured time), so its connections are opened once, before the
 * measured time; our clients' times and the CPU are those of the measured time, the resident memory of
 * every serving process (read from /proc every second) that of the memory window. Also printed: the CPU
 * our serving processes (and PostgreSQL's backends) spent per request.
 *
 * Bars: no error (any answer but 2xx/3xx, any socket error or timeout, of wrk's whole run or of ours), no
 * request over 2 s, p99 ≤ 500 ms, resident memory flat: the trend of the serving processes' total over
 * the memory window (least squares) grows ≤ 50 MB in a measured time.
 * Last line: `RESULT load errors=<n> p99_ms=<worst database> max_ms=<…> rss_growth_mb=<…>`.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { ProjectRole, SystemRole } from '@tessera/domain';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { nowIso } from '../apps/server/src/db/dialect.ts';
import { hashPassword } from '../apps/server/src/lib/password-hash.ts';
import { insertUser } from '../apps/server/src/modules/users/users.queries.ts';
import { insertSyntheticSlides, syntheticSlideRows } from '../apps/server/src/cli/demo-metadata.ts';
import { slidePath } from '../packages/wsi/test/slides.ts';
import { PG_BASE_URL } from './_postgres.ts';
import { callApi, placeInImports, startBenchServer, type BenchServer } from './_server.ts';
import {
  checkIdle,
  ensurePeers,
  ensureTissueSlide,
  has,
  log,
  onCleanup,
  ROOT,
  runBench,
  stopAll,
  warmPageCache,
} from './_lib.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** wrk's duration notation ('30s', '2m') in seconds. */
function seconds(duration: string): number {
  const m = /^(\d+)(s|m)?$/.exec(duration);
  if (!m) throw new Error(`A duration like 30s or 2m, not ${duration}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
}
const DURATION = process.env.BENCH_DURATION ?? '30s';
const DURATION_S = seconds(DURATION);
/**
 * Resident memory is watched for this long from the start of the measured time, the load going on after
 * the measured time ends: the serving processes' total saws by about 150 MB with a period of 30–45 s
 * (garbage collection and the allocator handing memory back), so a 30 s window reads the saw's phase,
 * not a trend (its growth went from −130 to +112 MB from run to run with no leak).
 */
const MEMORY_WINDOW_S = Math.max(DURATION_S, seconds(process.env.BENCH_MEMORY_WINDOW ?? '120s'));
/** Long enough for the heaps to reach their working size: before, the first minute's growth read as a leak. */
const WARMUP = process.env.BENCH_WARMUP ?? '30s';
const WARMUP_S = seconds(WARMUP);
const THREADS = 2;
/** Of the connections, clients of ours that time every call (startProbes); wrk drives the others. */
const PROBES = 20;
/** Both by default; BENCH_LOAD_DATABASES=sqlite (or postgres) runs one, e.g. to profile it. */
const DATABASES = (process.env.BENCH_LOAD_DATABASES ?? 'sqlite,postgres').split(',');
const SESSIONS = 200;
const METADATA_ROWS = 10_000;
/** Weights of tiles, grid blocks and slide details; refreshes come on their own clock. */
const MIX = process.env.BENCH_LOAD_MIX ?? '60,20,20';
const REFRESH_SECONDS = Number(process.env.BENCH_LOAD_REFRESH_SECONDS ?? 15);
const BARS = { p99Ms: 500, maxMs: 2000, rssMb: 50 };
const PASSWORD = 'Bench-Passw0rd!x';
const BLOCK = 100;

const USERS: { name: string; systemRoles: SystemRole[]; role: ProjectRole }[] = [
  { name: 'owner', systemRoles: ['internalUser'], role: 'projectDataOwner' },
  ...[1, 2].map((i) => ({
    name: `admin${i}`,
    systemRoles: ['internalUser'] as SystemRole[],
    role: 'projectAdmin' as const,
  })),
  ...[1, 2, 3].map((i) => ({
    name: `writer${i}`,
    systemRoles: ['internalUser'] as SystemRole[],
    role: 'projectWrite' as const,
  })),
  ...[1, 2, 3, 4].map((i) => ({
    name: `reader${i}`,
    systemRoles: ['internalUser'] as SystemRole[],
    role: 'projectRead' as const,
  })),
  ...[1, 2].map((i) => ({
    name: `guest${i}`,
    systemRoles: ['externalUser'] as SystemRole[],
    role: 'projectExternal' as const,
  })),
];
/** Real slides of other formats beside the tissue pyramid, whose details the viewers open (packages/wsi test slides). */
const VIEWED_SLIDES = [
  'CMU-1-Small-Region.svs',
  'tcga-cr-7395-01a-01-ts1.svs',
  'kidney-48-5.tif',
  'smalltif.tif',
  'cells-2c.ome.tif',
];
const emailOf = (name: string) => `load-${name}@tessera.example`;

interface Level {
  size: { w: number; h: number };
  tileSize: { w: number; h: number };
}

// --- data -----------------------------------------------------------------------------------------------

/** The slide table's block requests of users browsing: blocks of the default order, sorts, filters, a search, a grouping. */
function gridBodies(): string[] {
  const filter = {
    indicationV2: { filterType: 'set', values: ['Breast cancer', 'Colorectal cancer', 'Melanoma'] },
    scanDate: { filterType: 'date', type: 'greaterThan', dateFrom: '2023-06-30' },
  };
  const bodies: object[] = [];
  const block = (b: number, rest: object = {}) => ({ startRow: b * BLOCK, endRow: (b + 1) * BLOCK, ...rest });
  // The default order as users scroll it: the first block whenever the table opens, the next ones often,
  // deeper ones (to the end of the 10,000 rows) now and then.
  for (let i = 0; i < 10; i++) bodies.push(block(0));
  for (let b = 1; b < 10; b++) bodies.push(block(b), block(b));
  for (let b = 10; b < METADATA_ROWS / BLOCK; b += 5) bodies.push(block(b));
  for (const [colId, sort] of [
    ['hScore', 'desc'],
    ['scanDate', 'asc'],
    ['fileName', 'desc'],
    ['indicationV2', 'asc'],
    ['tumorContent', 'desc'],
  ])
    for (let b = 0; b < 5; b++) bodies.push(block(b, { sortModel: [{ colId, sort }] }));
  for (let b = 0; b < 3; b++)
    bodies.push(block(b, { filterModel: filter, sortModel: [{ colId: 'hScore', sort: 'desc' }] }));
  bodies.push(
    block(0, { filterModel: { fileName: { filterType: 'text', type: 'contains', filter: '12' } } }),
  );
  bodies.push(block(0, { globalSearchText: 'Breast' }));
  const byIndication = [{ id: 'indicationV2', field: 'indicationV2', displayName: 'Indication' }];
  bodies.push(block(0, { rowGroupCols: byIndication }));
  for (let b = 0; b < 2; b++)
    bodies.push(block(b, { rowGroupCols: byIndication, groupKeys: ['Breast cancer'] }));
  return bodies.map((b) => JSON.stringify(b));
}

/** Random tiles of the four largest levels (what viewers zoomed in ask for most), 20,000 paths. */
function tilePaths(prefix: string, levels: Level[]): string[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const maxZ = levels.length - 1;
  const paths: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const level = Math.floor(rand() * Math.min(4, levels.length));
    const { size, tileSize } = levels[level]!;
    const x = Math.floor(rand() * Math.ceil(size.w / tileSize.w));
    const y = Math.floor(rand() * Math.ceil(size.h / tileSize.h));
    paths.push(`${prefix}/${maxZ - level}/${x}/${y}`);
  }
  return paths;
}

interface Session {
  sid: string;
  access: string;
  refresh: string;
  address: string;
  user: string;
}

const sidOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** Signs a user in from `address` (a client behind the trusted proxy). */
async function signIn(base: string, user: string, address: string): Promise<Session> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: emailOf(user), password: PASSWORD }),
  });
  const answer = (await res.json()) as { accessToken?: string; refreshToken?: string };
  if (!res.ok || !answer.accessToken || !answer.refreshToken)
    throw new Error(`sign-in of ${user} answered ${res.status}: ${JSON.stringify(answer)}`);
  return {
    sid: sidOf(answer.accessToken),
    access: answer.accessToken,
    refresh: answer.refreshToken,
    address,
    user,
  };
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

// --- resident memory --------------------------------------------------------------------------------------

/** The server process and every process below it (the serving processes of node:cluster). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Resident memory in MB by process id (VmRSS of /proc/PID/status). */
function rssOf(root: number): Map<number, number> {
  const rss = new Map<number, number>();
  for (const pid of processTree(root)) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) rss.set(pid, Number(kb) / 1024);
    } catch {
      /* gone meanwhile */
    }
  }
  return rss;
}
/** CPU seconds used so far by each of `pids` (user + system, /proc/PID/stat; clock ticks of 10 ms). */
function cpuOf(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      /* gone meanwhile */
    }
  }
  return cpu;
}
/** CPU seconds from `before` to `after` (a process new since counts whole). */
const cpuSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after.entries()].reduce((a, [pid, s]) => a + s - (before.get(pid) ?? 0), 0);

/** Machine CPU counters (/proc/stat): busy and total ticks. */
function machineTicks(): { busy: number; total: number } {
  const n = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - n[3]! - (n[4] ?? 0), total };
}

/** The PostgreSQL backends serving `databaseUrl` (none for SQLite). */
async function backendsOf(databaseUrl: string): Promise<number[]> {
  if (!/^postgres(ql)?:/.test(databaseUrl)) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const fmtRss = (m: Map<number, number>) =>
  [...m.entries()].map(([pid, mb]) => `${pid}:${mb.toFixed(0)}`).join(' ');

/**
 * Waits (at most a minute) until the server's listening socket holds no connection waiting to be
 * accepted (`ss`: Recv-Q of a listening socket); answers when that was, as text.
 */
async function untilAccepted(base: string): Promise<string> {
  const port = new URL(base).port;
  const t0 = performance.now();
  for (;;) {
    const out = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
    if (out.status !== 0) return 'unknown, ss is missing';
    const waiting = out.stdout
      .trim()
      .split('\n')
      .reduce((n, line) => n + (Number(line.trim().split(/\s+/)[1]) || 0), 0);
    const waited = (performance.now() - t0) / 1000;
    if (waiting === 0) return waited < 0.5 ? 'all were by then' : `${waited.toFixed(1)} s more`;
    if (waited > 60) return `${waiting} still waiting after a minute more`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// --- wrk ------------------------------------------------------------------------------------------------

interface LoadSummary {
  requests: number;
  durationUs: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { mean: number; p50: number; p90: number; p99: number; p999: number; max: number };
  sent: { tiles: number; grid: number; details: number; refresh: number };
  refreshed: number;
  statuses: Record<string, number>;
}

interface Files {
  dir: string;
  grid: string;
  details: string;
  tiles: string;
  gridPath: string;
}

const sessionLine = (s: Session) => `${s.sid} ${s.access} ${s.refresh} ${s.address}`;

/** Runs wrk with the load script; `sample` is called every second while it runs. Answers its summary and the sessions as it left them. */
async function runWrk(
  server: BenchServer,
  files: Files,
  sessions: Session[],
  duration: string,
  sample: () => void,
): Promise<LoadSummary> {
  const sessionsIn = path.join(files.dir, 'sessions.txt');
  writeFileSync(sessionsIn, sessions.map(sessionLine).join('\n') + '\n');
  const args = [
    '-t',
    String(THREADS),
    '-c',
    String(CONNECTIONS - PROBES),
    '-d',
    duration,
    '--timeout',
    '10s',
    '-s',
    path.join(ROOT, 'bench/_load.lua'),
    server.base,
  ];
  const child = spawn('wrk', args, {
    env: {
      ...process.env,
      LOAD_SESSIONS: sessionsIn,
      LOAD_GRID: files.grid,
      LOAD_DETAILS: files.details,
      LOAD_TILES: files.tiles,
      LOAD_GRID_PATH: files.gridPath,
      LOAD_MIX: MIX,
      LOAD_REFRESH_SECONDS: String(REFRESH_SECONDS),
      LOAD_THREADS: String(THREADS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const timer = setInterval(sample, 1000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  const line = /^LOAD (\{.*\})$/m.exec(output);
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${output}`);
  if (process.env.BENCH_LOAD_VERBOSE) log(output.replace(/^LOAD .*$/m, '').trimEnd());
  return JSON.parse(line[1]!) as LoadSummary;
}

// --- one database ---------------------------------------------------------------------------------------

interface Outcome {
  name: string;
  summary: LoadSummary;
  errors: number;
  p99Ms: number;
  maxMs: number;
  rssGrowthMb: number;
}

async function timeAlone(
  server: BenchServer,
  s: Session,
  method: string,
  url: string,
  body?: string,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    const res = await fetch(server.base + url, {
      method,
      headers: {
        authorization: `Bearer ${s.access}`,
        'x-forwarded-for': s.address,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[times.length >> 1]!;
}

/**
 * The virtual users whose every call is timed: PROBES of the connections are clients of ours beside wrk,
 * one call at a time like wrk's, with the same mix (kinds drawn by MIX, a refresh every REFRESH_SECONDS
 * with the newest refresh token). wrk's own percentiles are corrected for coordinated omission (wrk 4
 * adds, for every answer slower than the mean interval of a connection, samples at that interval below
 * it, as if requests had kept arriving), so they are not the latencies of the requests sent; these are.
 * Runs until `stop()`; answers the times by kind and the answers that were errors.
 */
function startProbes(
  server: BenchServer,
  gridPath: string,
  sessions: Session[],
  lists: { grid: string[]; details: string[]; tiles: string[] },
) {
  const newTimes = (): Record<string, number[]> => ({ tiles: [], grid: [], details: [], refresh: [] });
  /** Where calls sent now are timed: each call lands in the round it was sent in, however late it answers. */
  let times = newTimes();
  const errors: string[] = [];
  let isStopped = false;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const [wTiles, wGrid, wDetails] = MIX.split(',').map(Number) as [number, number, number];
  const client = async (session: Session, index: number) => {
    const call = async (kind: string, method: string, url: string, body?: string) => {
      const t0 = performance.now();
      const round = times;
      try {
        const res = await fetch(server.base + url, {
          method,
          headers: {
            'x-forwarded-for': session.address,
            ...(kind === 'refresh' ? {} : { authorization: `Bearer ${session.access}` }),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body,
        });
        const bytes = Buffer.from(await res.arrayBuffer());
        round[kind]!.push(performance.now() - t0);
        if (res.status >= 400) errors.push(`${kind} ${res.status}`);
        return res.ok ? bytes : null;
      } catch (err) {
        errors.push(`${kind} ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    };
    // The first refreshes spread over one period, as wrk's sessions do.
    let refreshAt = Date.now() + ((index * 7919) % (REFRESH_SECONDS * 1000));
    while (!isStopped) {
      if (Date.now() >= refreshAt) {
        refreshAt = Date.now() + REFRESH_SECONDS * 1000;
        const bytes = await call(
          'refresh',
          'POST',
          '/v1/auth/refresh',
          JSON.stringify({ refreshToken: session.refresh }),
        );
        if (!bytes) return; // the session is gone: its calls would only repeat the error
        const answer = JSON.parse(bytes.toString()) as { accessToken: string; refreshToken: string };
        session.access = answer.accessToken;
        session.refresh = answer.refreshToken;
        continue;
      }
      const r = Math.random() * (wTiles + wGrid + wDetails);
      if (r < wTiles) await call('tiles', 'GET', pick(lists.tiles));
      else if (r < wTiles + wGrid) await call('grid', 'POST', gridPath, pick(lists.grid));
      else await call('details', 'GET', pick(lists.details));
    }
  };
  const done = Promise.all(sessions.map(client));
  return {
    /** Forgets the times so far (the warm-up; its errors stay); answers how many calls were timed. */
    reset: () => {
      const warm = times;
      times = newTimes();
      return Object.values(warm).reduce((n, t) => n + t.length, 0);
    },
    /**
     * Ends the measured time: answers its times (calls still on their way land in them when they answer:
     * read them after stop()) and how many errors came so far; later calls are not timed.
     */
    take: () => {
      const measured = times;
      times = newTimes();
      return { times: measured, errorCount: errors.length };
    },
    stop: async () => {
      isStopped = true;
      await done;
      return { times, errors };
    },
  };
}

const median = (xs: number[]) => percentile(xs, 50);
/** The slope of the least-squares line through samples taken one a second. */
function trendPerSecond(ys: number[]): number {
  const n = ys.length;
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return den ? num / den : 0;
}
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

async function benchDatabase(
  name: string,
  work: string,
  databaseUrl: string,
  slide: string,
): Promise<Outcome> {
  const dir = path.join(work, name);
  const dataDir = path.join(dir, 'data');
  placeInImports(dataDir, [slide, ...VIEWED_SLIDES.map(slidePath)]);
  const server = await startBenchServer({
    dir,
    databaseUrl,
    email: 'bench-load@tessera.example',
    password: PASSWORD,
    processes: 'auto',
    env: { TESSERA_TRUST_PROXY: 'true' },
  });
  try {
    const api = <T>(method: string, url: string, body?: unknown) =>
      callApi<T>(server.base, server.token, method, url, body);
    const project = await api<{ id: string }>('POST', '/v1/projects', {
      name: `Load bench ${name}`,
      summary: '',
    });
    const imported = await api<{ imported: { slideId: string; fileName: string }[] }>(
      'POST',
      `/v1/projects/${project.id}/import`,
      { path: path.join(dataDir, 'imports', 'bench') },
    );
    const slideId = imported.imported.find((i) => i.fileName === path.basename(slide))?.slideId;
    if (!slideId || imported.imported.length !== VIEWED_SLIDES.length + 1)
      throw new Error(`the import did not register every slide: ${JSON.stringify(imported)}`);
    const info = await api<{ imageInfo: { levels: Level[] } }>(
      'GET',
      `/v1/projects/${project.id}/slides/${slideId}`,
    );

    // The metadata rows and the users, written as the demo writes them, then analysed as a settled database is.
    const db = openDatabase(databaseUrl);
    let slideCount: number;
    try {
      await insertSyntheticSlides(db.db, project.id, syntheticSlideRows(METADATA_ROWS, 11), null);
      const passwordHash = await hashPassword(PASSWORD);
      for (const u of USERS) {
        const userId = await insertUser(db.db, {
          email: emailOf(u.name),
          passwordHash,
          systemRoles: u.systemRoles,
        });
        await db.db
          .insertInto('project_members')
          .values({ project_id: project.id, user_id: userId, role: u.role, created_at: nowIso() })
          .execute();
      }
      await sql.raw(db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db.db);
      slideCount = (
        await db.db.selectFrom('slides').select('id').where('project_id', '=', project.id).execute()
      ).length;
    } finally {
      await db.close();
    }

    const t0 = performance.now();
    const addresses = Array.from({ length: SESSIONS }, (_, i) => `198.18.${i >> 8}.${(i & 255) + 1}`);
    const sessions = await pool([...addresses.keys()], 4, (i) =>
      signIn(server.base, USERS[i % USERS.length]!.name, addresses[i]!),
    );
    log(
      `${name}: ${slideCount} slides (${imported.imported.length} with images), ${USERS.length} users, ${sessions.length} sessions signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    const filesDir = path.join(dir, 'load');
    mkdirSync(filesDir);
    const files: Files = {
      dir: filesDir,
      grid: path.join(filesDir, 'grid.txt'),
      details: path.join(filesDir, 'details.txt'),
      tiles: path.join(filesDir, 'tiles.txt'),
      gridPath: `/v1/projects/${project.id}/slides/grid`,
    };
    const grid = gridBodies();
    const details = imported.imported.map((i) => `/v1/projects/${project.id}/slides/${i.slideId}`);
    const tiles = tilePaths(
      `/v1/projects/${project.id}/slides/${slideId}/tile/rgb/noeq`,
      info.imageInfo.levels,
    );
    writeFileSync(files.grid, grid.join('\n') + '\n');
    writeFileSync(files.details, details.join('\n') + '\n');
    writeFileSync(files.tiles, tiles.join('\n') + '\n');

    // Each kind of call alone (sequential, median of 15; the first grid call also loads the column store).
    const reader = sessions.find((s) => s.user.startsWith('reader'))!;
    const alone = {
      grid: await timeAlone(server, reader, 'POST', files.gridPath, grid[0]),
      sorted: await timeAlone(
        server,
        reader,
        'POST',
        files.gridPath,
        grid.find((b) => b.includes('sortModel')),
      ),
      details: await timeAlone(server, reader, 'GET', details[1]!),
      tile: await timeAlone(server, reader, 'GET', tiles[0]!),
    };
    log(
      `${name}: alone (median of 15 sequential calls): grid block ${alone.grid.toFixed(1)} ms, sorted block ${alone.sorted.toFixed(1)} ms, details ${alone.details.toFixed(1)} ms, tile ${alone.tile.toFixed(1)} ms`,
    );

    // One wrk run of the warm-up and the measured time together, whose last DURATION is measured (our
    // timed clients, CPU, memory): its connections are opened once, at its start. A second wrk run would
    // open its 180 connections on a loaded server, where Node accepts one connection per turn of a serving
    // process's event loop (docs/architecture.md, "Load"), and the first call on each would wait seconds
    // to be accepted: a cost of wrk's start, not of 200 connections at work.
    await checkIdle();
    // Our clients first, so their connections are open before wrk's arrive.
    const probe = startProbes(server, files.gridPath, sessions.slice(0, PROBES), { grid, details, tiles });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const wrkStart = performance.now();
    // Resident memory every second of the memory window (none before it).
    const samples: number[] = [];
    let isMeasuring = false;
    const running = runWrk(server, files, sessions.slice(PROBES), `${WARMUP_S + MEMORY_WINDOW_S}s`, () => {
      if (isMeasuring) samples.push(sum(rssOf(server.pid)));
    });
    await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
    const accepted = await untilAccepted(server.base);
    const warmCalls = probe.reset();
    log(
      `${name}: warm-up ${((performance.now() - wrkStart) / 1000).toFixed(0)} s (${WARMUP_S} s and until every connection was accepted: ${accepted}); ${warmCalls} calls of our timed clients; wrk goes on`,
    );
    const rssStart = rssOf(server.pid);
    samples.push(sum(rssStart));
    isMeasuring = true;
    const cpuStart = {
      server: cpuOf(processTree(server.pid)),
      db: cpuOf(await backendsOf(databaseUrl)),
      machine: machineTicks(),
    };
    // The measured time ends after DURATION, or with wrk's run if a long warm-up left less.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000)), running]);
    const probed = probe.take();
    const serverCpu = cpuSpent(cpuStart.server, cpuOf(processTree(server.pid)));
    const dbCpu = cpuSpent(cpuStart.db, cpuOf(await backendsOf(databaseUrl)));
    const machine = machineTicks();
    const machineBusy = (machine.busy - cpuStart.machine.busy) / (machine.total - cpuStart.machine.total);
    if (MEMORY_WINDOW_S > DURATION_S)
      log(
        `${name}: measured ${DURATION_S} s; the load goes on until memory has been watched for ${MEMORY_WINDOW_S} s`,
      );
    const summary = await running;
    // Errors count over the whole run, the memory window's load included.
    const probeErrors = (await probe.stop()).errors;
    const rssEnd = rssOf(server.pid);
    samples.push(sum(rssEnd));
    const busyAfter = os.loadavg()[0]!;

    const e = summary.errors;
    const wrkErrors = e.connect + e.read + e.write + e.status + e.timeout;
    const timed = Object.values(probed.times).flat();
    const outcome: Outcome = {
      name,
      summary,
      errors: wrkErrors + probeErrors.length,
      p99Ms: percentile(timed, 99),
      // wrk's maximum covers its start too (see above), so the measured time's maximum is our clients'.
      maxMs: percentile(timed, 100),
      // The trend of the memory window's samples (one a second; least squares, which the saw's phase
      // barely moves over several of its periods), as growth over a measured time.
      rssGrowthMb: trendPerSecond(samples) * DURATION_S,
    };
    const l = summary.latencyUs;
    const wrkSeconds = summary.durationUs / 1e6;
    // wrk counts its whole run; its share of the measured time is taken in proportion.
    const measuredRequests = (summary.requests * DURATION_S) / wrkSeconds + timed.length;
    log(
      `${name}: about ${measuredRequests.toFixed(0)} requests in the measured ${DURATION_S} s (${(measuredRequests / DURATION_S).toFixed(0)}/s), wrk ${(summary.bytes / wrkSeconds / 2 ** 20).toFixed(1)} MB/s over its whole run; load average after ${busyAfter.toFixed(2)}`,
    );
    log(
      `${name}:   CPU: the machine ${(machineBusy * 100).toFixed(0)}% busy of ${os.cpus().length} cores during the measured time; our serving processes ${serverCpu.toFixed(1)} s (${((serverCpu * 1000) / measuredRequests).toFixed(2)} ms a request)${dbCpu ? `, PostgreSQL's backends ${dbCpu.toFixed(1)} s (${((dbCpu * 1000) / measuredRequests).toFixed(2)} ms a request)` : ''}`,
    );
    log(
      `${name}:   wrk sent (whole run): ${summary.sent.tiles} tiles, ${summary.sent.grid} grid blocks, ${summary.sent.details} slide details, ${summary.sent.refresh} refreshes (${summary.refreshed} answered with tokens)`,
    );
    log(
      `${name}:   wrk's answers by status (whole run): ${JSON.stringify(summary.statuses)}; socket errors: connect ${e.connect}, read ${e.read}, write ${e.write}, timeout ${e.timeout}`,
    );
    const ms = (x: number) => x.toFixed(1);
    log(
      `${name}:   latency of the ${timed.length} calls of our ${PROBES} timed clients: p50 ${ms(percentile(timed, 50))}, p90 ${ms(percentile(timed, 90))}, p99 ${ms(percentile(timed, 99))}, max ${ms(percentile(timed, 100))} ms; errors ${probeErrors.length} over the whole run, ${probeErrors.length - probed.errorCount} of them after the measured time${probeErrors.length ? ` (${[...new Set(probeErrors)].slice(0, 5).join(', ')})` : ''}`,
    );
    log(
      `${name}:   by kind: ${Object.entries(probed.times)
        .map(
          ([kind, t]) =>
            `${kind} p50 ${percentile(t, 50).toFixed(0)} / p99 ${percentile(t, 99).toFixed(0)} / max ${percentile(t, 100).toFixed(0)} ms (${t.length})`,
        )
        .join('; ')}`,
    );
    log(
      `${name}:   wrk (its ${CONNECTIONS - PROBES} connections, whole run with their opening; percentiles corrected for coordinated omission): mean ${ms(l.mean / 1000)} ms, p50 ${ms(l.p50 / 1000)}, p90 ${ms(l.p90 / 1000)}, p99 ${ms(l.p99 / 1000)}, p99.9 ${ms(l.p999 / 1000)}, max ${ms(l.max / 1000)} ms (uncorrected)`,
    );
    log(
      `${name}:   resident memory (MB by pid) at the start of the measured time ${fmtRss(rssStart)}; at the end of the ${MEMORY_WINDOW_S} s window ${fmtRss(rssEnd)}; total every 5 s: ${samples
        .filter((_, i) => i % 5 === 0 || i === samples.length - 1)
        .map((s) => s.toFixed(0))
        .join(
          ' → ',
        )}; growth ${outcome.rssGrowthMb.toFixed(1)} MB in ${DURATION_S} s by the trend (${(trendPerSecond(samples) * MEMORY_WINDOW_S).toFixed(1)} MB over the window; the median of its last 5 s against its first 5 s ${(median(samples.slice(-5)) - median(samples.slice(0, 5))).toFixed(1)} MB)`,
    );
    return outcome;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  ensurePeers([
    { name: 'wrk', present: () => has('wrk'), pkg: 'wrk' },
    { name: 'vips (builds the slide)', present: () => has('vips'), pkg: 'libvips-tools' },
  ]);
  const slide = ensureTissueSlide();
  warmPageCache(slide);
  log(
    `cores ${os.cpus().length}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${CONNECTIONS} connections, ${DURATION} after a ${WARMUP} warm-up, mix tiles,grid,details = ${MIX}, a refresh per session every ${REFRESH_SECONDS} s`,
  );
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-load-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  const outcomes: Outcome[] = [];
  if (DATABASES.includes('sqlite'))
    outcomes.push(await benchDatabase('sqlite', work, path.join(work, 'load.sqlite'), slide));
  if (DATABASES.includes('postgres')) {
    // A fresh database, dropped at the end.
    const database = `tessera_bench_load_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(PG_BASE_URL);
    url.pathname = `/${database}`;
    try {
      outcomes.push(await benchDatabase('postgres', work, url.toString(), slide));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }

  const errors = outcomes.reduce((a, o) => a + o.errors, 0);
  const p99 = Math.max(...outcomes.map((o) => o.p99Ms));
  const max = Math.max(...outcomes.map((o) => o.maxMs));
  const rss = Math.max(...outcomes.map((o) => o.rssGrowthMb));
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log(
    `\n${CONNECTIONS} connections, ${DURATION}: ${outcomes.map((o) => `${o.name} ${o.errors} errors, p99 ${o.p99Ms.toFixed(1)} ms, max ${o.maxMs.toFixed(1)} ms, RSS trend ${o.rssGrowthMb.toFixed(1)} MB in ${DURATION}`).join('; ')}`,
  );
  log(
    `bars: no errors ${verdict(errors === 0)}; no request over ${BARS.maxMs} ms ${verdict(max <= BARS.maxMs)}; p99 ≤ ${BARS.p99Ms} ms ${verdict(p99 <= BARS.p99Ms)}; memory flat (trend ≤ ${BARS.rssMb} MB in ${DURATION} over ${MEMORY_WINDOW_S} s) ${verdict(rss <= BARS.rssMb)}`,
  );
  stopAll();
  log(
    `RESULT load errors=${errors} p99_ms=${p99.toFixed(1)} max_ms=${max.toFixed(1)} rss_growth_mb=${rss.toFixed(1)}`,
  );
}

await runBench(main);
