/**
 * `npm run bench -- annotations` (issue #13 point 8): 1,000,000 region polygons of 16 vertices and
 * 1,000,000 cell markers in one set on one slide (_annotation-data.ts), on SQLite and on PostgreSQL. Our
 * server runs as a child process against each database; each case goes through the HTTP API on loopback:
 *
 * - viewports of 4000 × 2500 and 20000 × 12500 px (`GET …/features?bbox=…`, full outlines), at ten
 *   places over the slide, the answer read as text — side by side with the same query run directly in
 *   the database with the JSON built there, timed in a process of its own (_annotation-direct.ts); and
 *   the same viewports as the viewer reads them, as typed arrays (`…/features/binary`, decoded), logged
 *   beside them (the bars are the JSON read's: it is the one the direct query compares with);
 * - the whole marker set through the binary transport (`GET …/cell-markers/binary`);
 * - making a version of the full set (`POST …/versions`).
 *
 * Warm p50s (the first calls warm both sides and are not counted; the first marker answer is reported
 * on its own). Bars: a viewport of ≤ 50,000 features p50 ≤ 250 ms and at most 1.2× the direct query plus
 * 5 ms; the marker set in ≤ 2 s; a version in ≤ 50 ms.
 * Last line: `RESULT annotations viewport_p50_ms=… viewport_ratio=… markers_ms=… version_ms=…`, each the
 * worse database (the ratio: the worse of ours / (1.2 × direct + 5 ms)'s numerator, ours / direct).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { decodeCellMarkers, decodeRegions } from '@tessera/domain';
import {
  ensureAnnotationDatabases,
  EMAIL,
  IMAGE,
  MARKER_COUNT,
  PASSWORD,
  PROJECT_ID,
  SET_ID,
} from './_annotation-data.ts';
import { startDirect, type Box, type Direct } from './_annotation-direct.ts';
import { startBenchServer, type BenchServer } from './_server.ts';
import { checkIdle, log, onCleanup, runBench, stopAll } from './_lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const MARKER_ROUNDS = Number(process.env.BENCH_MARKER_ROUNDS ?? 5);
const VIEWPORTS = [
  { label: '4000x2500', w: 4000, h: 2500 },
  { label: '20000x12500', w: 20_000, h: 12_500 },
] as const;
/** Ten viewport centres over the slide, the same for every side (a fixed spread, not random). */
const CENTRES = Array.from({ length: 10 }, (_, i) => ({
  x: IMAGE.width * (0.15 + 0.7 * ((i * 0.37) % 1)),
  y: IMAGE.height * (0.2 + 0.6 * ((i * 0.61) % 1)),
}));

const boxAt = (i: number, v: { w: number; h: number }): Box => {
  const c = CENTRES[i % CENTRES.length]!;
  return { minX: c.x - v.w / 2, minY: c.y - v.h / 2, maxX: c.x + v.w / 2, maxY: c.y + v.h / 2 };
};

const p50 = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
// Each timed call starts from a collected heap: one answer's 28 MB of garbage is not the next one's time.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  collect();
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

interface Measured {
  database: string;
  viewports: { label: string; features: number; api: number; direct: number }[];
  markersFirst: number;
  markers: number;
  version: number;
}

async function get(server: BenchServer, url: string): Promise<Response> {
  const res = await fetch(server.base + url, { headers: { authorization: `Bearer ${server.token}` } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

async function benchDatabase(
  name: string,
  work: string,
  databaseUrl: string,
  direct: Direct,
): Promise<Measured> {
  const server = await startBenchServer({
    dir: path.join(work, name),
    databaseUrl,
    email: EMAIL,
    password: PASSWORD,
    userExists: true,
  });
  try {
    const setUrl = `/v1/projects/${PROJECT_ID}/annotation-sets/${SET_ID}`;
    const viewports: Measured['viewports'] = [];
    for (const v of VIEWPORTS) {
      const bbox = (b: Box) => `${b.minX},${b.minY},${b.maxX},${b.maxY}`;
      const apiOnce = async (i: number) =>
        (await get(server, `${setUrl}/features?bbox=${bbox(boxAt(i, v))}`)).text();
      // Warm-up: every place once on each side (page cache, compiled code, the pool's connection).
      let features = 0;
      const counts: number[] = [];
      for (let i = 0; i < CENTRES.length; i++) {
        const ours = JSON.parse(await apiOnce(i)) as { features: unknown[] };
        counts.push(ours.features.length);
        const theirs = await direct.viewport(boxAt(i, v));
        if (ours.features.length !== theirs.features)
          throw new Error(
            `${name} ${v.label}: the API found ${ours.features.length}, the direct query ${theirs.features}`,
          );
        features = Math.max(features, ours.features.length);
      }
      // What the viewer reads: the same features as typed arrays, decoded as the viewer decodes them.
      const binaryOnce = async (i: number) =>
        decodeRegions(
          await (await get(server, `${setUrl}/features/binary?bbox=${bbox(boxAt(i, v))}`)).arrayBuffer(),
        ).ids.length;
      for (let i = 0; i < CENTRES.length; i++)
        if ((await binaryOnce(i)) !== counts[i])
          throw new Error(`${name} ${v.label}: the typed arrays hold another count than the JSON`);
      const api: number[] = [];
      const binary: number[] = [];
      const sql: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which side goes first, so neither always finds the other's cache warm.
        if (round % 2) sql.push((await direct.viewport(boxAt(round, v))).ms);
        api.push((await timed(() => apiOnce(round))).ms);
        if (!(round % 2)) sql.push((await direct.viewport(boxAt(round, v))).ms);
        binary.push((await timed(() => binaryOnce(round))).ms);
      }
      viewports.push({ label: v.label, features, api: p50(api), direct: p50(sql) });
      log(
        `${name} viewport ${v.label} (up to ${features} features): API p50 ${p50(api).toFixed(1)} ms, direct p50 ${p50(sql).toFixed(1)} ms; ` +
          `as typed arrays (the viewer's read) p50 ${p50(binary).toFixed(1)} ms`,
      );
    }

    const markersOnce = async () => {
      const bytes = await (await get(server, `${setUrl}/cell-markers/binary`)).arrayBuffer();
      const decoded = decodeCellMarkers(bytes);
      if (decoded.ids.length !== MARKER_COUNT)
        throw new Error(`${name}: ${decoded.ids.length} markers arrived, ${MARKER_COUNT} expected`);
      return bytes.byteLength;
    };
    const first = await timed(markersOnce);
    const markers: number[] = [];
    for (let i = 0; i < MARKER_ROUNDS; i++) markers.push((await timed(markersOnce)).ms);
    log(
      `${name} markers (${(first.value / 1e6).toFixed(1)} MB): first ${first.ms.toFixed(0)} ms, then p50 ${p50(markers).toFixed(0)} ms`,
    );

    const versions: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { ms } = await timed(async () => {
        const res = await fetch(`${server.base}${setUrl}/versions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${server.token}` },
        });
        if (res.status !== 201) throw new Error(`POST versions answered ${res.status}: ${await res.text()}`);
        return res.json();
      });
      versions.push(ms);
    }
    log(`${name} new version of the full set: p50 ${p50(versions).toFixed(1)} ms`);
    return {
      database: name,
      viewports,
      markersFirst: first.ms,
      markers: p50(markers),
      version: p50(versions),
    };
  } finally {
    await server.stop();
  }
}

runBench(async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-annotations-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));
  const { sqliteFile, pgUrl } = await ensureAnnotationDatabases(work);
  // Each run gets its own copy: the cached file never sees this run's versions.
  const copy = path.join(work, 'annotations.sqlite');
  copyFileSync(sqliteFile, copy);
  await checkIdle();
  const results: Measured[] = [];
  for (const [name, url, direct] of [
    ['sqlite', copy, () => startDirect('sqlite', copy)],
    ['postgres', pgUrl, () => startDirect('postgres', pgUrl)],
  ] as const) {
    const d = direct();
    try {
      results.push(await benchDatabase(name, work, url, d));
    } finally {
      await d.close();
    }
  }
  const large = results.flatMap((r) =>
    r.viewports.filter((v) => v.label === '20000x12500').map((v) => ({ ...v, db: r.database })),
  );
  const all = results.flatMap((r) => r.viewports);
  const viewportP50 = Math.max(...large.map((v) => v.api));
  const ratio = Math.max(...all.map((v) => v.api / v.direct));
  const overBar = all.filter((v) => v.api > 1.2 * v.direct + 5);
  const markers = Math.max(...results.map((r) => r.markers));
  const version = Math.max(...results.map((r) => r.version));
  log(
    `bars: viewport p50 ${viewportP50.toFixed(0)} ms (≤ 250) ${viewportP50 <= 250 ? 'met' : 'MISSED'}; ` +
      `API ≤ 1.2 × direct + 5 ms ${overBar.length ? `MISSED in ${overBar.length} case(s)` : 'met'}; ` +
      `markers ${markers.toFixed(0)} ms (≤ 2000) ${markers <= 2000 ? 'met' : 'MISSED'}; ` +
      `version ${version.toFixed(1)} ms (≤ 50) ${version <= 50 ? 'met' : 'MISSED'}`,
  );
  stopAll();
  console.log(
    `RESULT annotations viewport_p50_ms=${viewportP50.toFixed(1)} viewport_ratio=${ratio.toFixed(2)} markers_ms=${markers.toFixed(0)} version_ms=${version.toFixed(1)}`,
  );
});
