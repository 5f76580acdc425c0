/**
 * `npm run bench -- annotation-render` (issue #14 point 9): in one headless Chromium run, our viewer and a
 * geojs page (bench/_geojs-page.ts; npm `geojs`) show the same slide with the same 100,000 region polygons
 * of 16 vertices, and then the same 1,000,000 cell markers (bench/_annotation-data.ts's generator, spread
 * over the large tissue slide of _lib.ts ensureTissueSlide). Ours reads them from our server (SQLite),
 * written there through the application's write path (createItems, one set each); the peer reads them as
 * flat float32 files from lighttpd, which also serves it the slide from iipsrv's DeepZoom.
 *
 * Each round opens each page in a browser of its own (alternating which goes first) and times:
 * - first render: from navigation start to the frame after the annotations are first drawn (ours: the map
 *   element says how many it shows; geojs: its feature drawn), two animation frames later in both;
 * - frame time: every animation-frame interval while the view moves on a fixed scripted pan/zoom path
 *   played with real input at the map's centre (wheel notches of one level in and out, drag pans of a
 *   quarter view), from the whole slide in to about 4 image pixels per screen pixel and back
 *   (framesInMotion: the frames at rest between the steps left out); ours reads regions by viewport at
 *   rest, geojs holds all of them — both are what each does for a user.
 * BENCH_ROUNDS (1) rounds, frame times pooled over them: a round of the peer takes minutes (a frame of its
 * 100,000 polygons drawn in software takes seconds), and each yields over a hundred frames. Last line:
 * `RESULT annotation-render markers_first_ms=<ours> polygons_frame_ratio=<ours/geojs> markers_frame_ratio=<ours/geojs>`.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ANNOTATION_FILL_OPACITY,
  ANNOTATION_OUTLINE_OPACITY,
  CELL_MARKER_SIZE,
  classOf,
  DEFAULT_PROJECT_CLASSES,
  rgbOf,
} from '@tessera/domain';
import { createRandom } from '@tessera/wsi';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createItems } from '../apps/server/src/modules/annotations/annotation-writes.ts';
import { markerChunks, regionChunks } from './_annotation-data.ts';
import { geojsPage, type PeerPageOptions } from './_geojs-page.ts';
import { ensureViewerPeers, launchChromium, signedInScript } from './_browser.ts';
import { startIipsrv } from './_iipsrv.ts';
import { callApi, startBenchServer } from './_server.ts';
import { startTessera } from './_tessera.ts';
import { checkIdle, ensureTissueSlide, log, onCleanup, ROOT, run, runBench, stopAll } from './_lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** One page alone (`ours` or `geojs`), to look into it: no ratio then. */
const ONLY = process.env.BENCH_PAGES;
const REGIONS = 100_000;
const MARKERS = 1_000_000;
const VIEWPORT = { width: 1280, height: 800 };
const EMAIL = 'bench@tessera.example';
const PASSWORD = 'Bench-Passw0rd!x';
const LOAD_TIMEOUT_MS = 120_000;
const BAR_MARKERS_FIRST_MS = 2000;
/** One zoom level on either viewer (viewer.ts: OpenLayers counts 300 to a level; the peer is set so). */
const WHEEL_NOTCH = 4.000244140625 * 75;
/** Settling time after each step of the path: a 250 ms zoom animation, then ours reads the viewport. */
const SETTLE_MS = 700;

type DataSet = 'regions' | 'markers';
type Box = { x: number; y: number; width: number; height: number };
interface Sample {
  firstMs: number;
  frames: number[];
}

/**
 * Recorder for both pages: every animation frame (its end and its length, page time) and every input
 * (wheel, pointer down and up) while `__recording`; and for ours the frame after the map element first
 * says it shows annotations — the peer's page calls `__markDrawn` itself. Each frame and the mark wait
 * for the GPU to finish what the page's WebGL contexts asked of it (`finish`): the GPU is another
 * process, and without the wait a page whose frames take the GPU seconds still gets an animation frame
 * every 16.7 ms.
 */
const RECORDER = `
  window.__frames = [];
  window.__inputs = [];
  window.__recording = false;
  const contexts = [];
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const context = getContext.call(this, type, ...rest);
    if (context && /webgl/.test(type) && !contexts.includes(context)) contexts.push(context);
    return context;
  };
  const finish = () => contexts.forEach((c) => c.finish());
  window.__markDrawn = () => { finish(); window.__annotationsDrawn = performance.now(); };
  let last = 0;
  const tick = (t) => {
    if (window.__recording) { finish(); window.__frames.push([t, t - last]); }
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  for (const type of ['wheel', 'pointerdown', 'pointerup'])
    window.addEventListener(type, () => window.__recording && window.__inputs.push([type, performance.now()]), true);
  new MutationObserver((changes) => {
    if (window.__annotationsDrawn !== undefined || window.__drawnSeen) return;
    if (!changes.some((c) => Number(c.target.getAttribute(c.attributeName)) > 0)) return;
    window.__drawnSeen = true;
    requestAnimationFrame(() => requestAnimationFrame(window.__markDrawn));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-cell-markers', 'data-region-annotations'] });`;

/** How long after a wheel notch or a drag's release the view is still moving: the 250 ms zoom animation. */
const MOTION_MS = 300;

/**
 * The frames of the view in motion: those overlapping a wheel notch's MOTION_MS or a drag from press to
 * MOTION_MS after release. Frames at rest between the steps (16.7 ms in both) are left out, or they would
 * be the median.
 */
function framesInMotion(frames: [number, number][], inputs: [string, number][]): number[] {
  const windows: [number, number][] = [];
  let pressed: number | null = null;
  for (const [type, at] of inputs) {
    if (type === 'wheel') windows.push([at, at + MOTION_MS]);
    else if (type === 'pointerdown') pressed = at;
    else if (pressed !== null) {
      windows.push([pressed, at + MOTION_MS]);
      pressed = null;
    }
  }
  return frames
    .filter(([end, length]) => windows.some(([from, to]) => end > from && end - length < to))
    .map(([, length]) => length);
}

/** The fixed path: steps of real input at the map's centre; each followed by SETTLE_MS at rest. */
type Step = { wheel: 1 | -1 } | { pan: [number, number] };
const PATH: Step[] = [
  { wheel: -1 },
  { pan: [0.25, 0] },
  { wheel: -1 },
  { wheel: -1 },
  { pan: [0, 0.25] },
  { wheel: 1 },
  { wheel: 1 },
  { wheel: 1 },
];
/** Pointer moves in a drag pan: few, since a software-drawn frame of the peer's 100,000 polygons takes seconds. */
const PAN_MOVES = 4;

async function playPath(page: import('@playwright/test').Page, box: Box): Promise<void> {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  for (const step of PATH) {
    const t0 = performance.now();
    if ('wheel' in step) await page.mouse.wheel(0, step.wheel * WHEEL_NOTCH);
    else {
      const [dx, dy] = [step.pan[0] * box.width, step.pan[1] * box.height];
      await page.mouse.down();
      // Moves about a frame apart, held still before release (no kinetic throw in either).
      for (let i = 1; i <= PAN_MOVES; i++) {
        await page.mouse.move(cx + (dx * i) / PAN_MOVES, cy + (dy * i) / PAN_MOVES);
        await page.waitForTimeout(16);
      }
      await page.waitForTimeout(150);
      await page.mouse.up();
      await page.mouse.move(cx, cy);
    }
    await page.waitForTimeout(SETTLE_MS);
    if (process.env.BENCH_VERBOSE)
      log(`    ${JSON.stringify(step)} ${(performance.now() - t0).toFixed(0)} ms`);
  }
}

/**
 * One page in a browser of its own (its GPU process, in which the peer's last frames may still be
 * drawing, goes with it): first render, then the path's frame intervals.
 */
async function round(url: string, init: string, box: Box): Promise<Sample> {
  if (process.env.BENCH_VERBOSE) log(`  ${url}`);
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(init);
    const page = await context.newPage();
    if (process.env.BENCH_VERBOSE) page.on('console', (m) => log(`      console: ${m.text()}`));
    // Not waiting for the load event: a page busy building its features holds it back.
    await page.goto(url, { waitUntil: 'commit' });
    const drawn = await page.waitForFunction(
      () => (globalThis as { __annotationsDrawn?: number }).__annotationsDrawn,
      null,
      {
        timeout: LOAD_TIMEOUT_MS,
        polling: 100,
      },
    );
    const firstMs = (await drawn.jsonValue()) as number;
    if (process.env.BENCH_VERBOSE) {
      // What the first render waited for: each request's start and end (page time).
      const requests = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map(
            (e) =>
              `${e.name.replace(/^.*\/v1\//, '').slice(0, 60)} ${e.startTime.toFixed(0)}–${(e as unknown as { responseEnd: number }).responseEnd.toFixed(0)}`,
          ),
      );
      log(`    first render ${firstMs.toFixed(0)} ms; requests:\n      ${requests.join('\n      ')}`);
    }
    // Tiles and the first viewport answers settle before the path starts.
    await page.waitForTimeout(2000);
    await page.evaluate(() => ((globalThis as { __recording?: boolean }).__recording = true));
    await playPath(page, box);
    const { frames, inputs } = await page.evaluate(() => {
      const g = globalThis as {
        __recording?: boolean;
        __frames?: [number, number][];
        __inputs?: [string, number][];
      };
      g.__recording = false;
      return { frames: g.__frames!, inputs: g.__inputs! };
    });
    return { firstMs, frames: framesInMotion(frames, inputs) };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Colours by class index for the peer, as ours draws them (classOf: unknown classes as the default). */
function colorsOf(classIds: readonly string[]): [number, number, number][] {
  const classes = new Map(DEFAULT_PROJECT_CLASSES.map((c) => [c.classId, c]));
  return classIds.map(
    (id) => rgbOf(classOf(classes, id).color).map((v) => v / 255) as [number, number, number],
  );
}

/** Writes both sets into our database through createItems, and the same data as flat files for the peer. */
async function writeData(
  databaseUrl: string,
  sets: Record<DataSet, string>,
  image: { width: number; height: number },
  www: string,
): Promise<{ regionClasses: string[]; markerClasses: string[] }> {
  const handle = openDatabase(databaseUrl);
  const regionClasses: string[] = [];
  const markerClasses: string[] = [];
  const indexOf = (list: string[], id: string) => {
    const at = list.indexOf(id);
    return at >= 0 ? at : list.push(id) - 1;
  };
  try {
    const { id: userId } = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const next = createRandom(20261129);
    const regionXy = new Float32Array(REGIONS * 32);
    const regionCls = new Uint8Array(REGIONS);
    let r = 0;
    for (const chunk of regionChunks(next, REGIONS, image)) {
      await handle.db
        .transaction()
        .execute((tx) => createItems(tx, { id: sets.regions, version: 1 }, userId, chunk, []));
      for (const f of chunk) {
        if (f.geometry.type !== 'Polygon') throw new Error('the generator makes polygons');
        // The stored ring repeats its first vertex; the peer's polygons close themselves.
        f.geometry.coordinates[0]!.slice(0, 16).forEach(([x, y], k) =>
          regionXy.set([x, y], (r * 16 + k) * 2),
        );
        regionCls[r++] = indexOf(regionClasses, f.properties.annotationClass);
      }
    }
    const markerXy = new Float32Array(MARKERS * 2);
    const markerCls = new Uint8Array(MARKERS);
    let m = 0;
    for (const chunk of markerChunks(next, MARKERS, image)) {
      await handle.db
        .transaction()
        .execute((tx) => createItems(tx, { id: sets.markers, version: 1 }, userId, [], chunk));
      for (const f of chunk) {
        markerXy.set(f.geometry.coordinates as [number, number], m * 2);
        markerCls[m++] = indexOf(markerClasses, f.properties.classes[0]!.classId);
      }
    }
    writeFileSync(path.join(www, 'regions.f32'), regionXy);
    writeFileSync(path.join(www, 'regions.cls'), regionCls);
    writeFileSync(path.join(www, 'markers.f32'), markerXy);
    writeFileSync(path.join(www, 'markers.cls'), markerCls);
  } finally {
    await handle.close();
  }
  return { regionClasses, markerClasses };
}

async function main(): Promise<void> {
  ensureViewerPeers();
  const slide = ensureTissueSlide();
  log('building the web app …');
  run('npm', ['run', 'build:web'], {});
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-annotation-render-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));

  const first = await startTessera(work, slide);
  const image = { width: first.levels[0]!.size.w, height: first.levels[0]!.size.h };
  const setsUrl = `/v1/projects/${first.projectId}/slides/${first.slideId}/annotation-sets`;
  const create = (name: string) =>
    callApi<{ id: string }>(first.base, first.token, 'POST', setsUrl, { name });
  const sets = { regions: (await create('Regions')).id, markers: (await create('Cell markers')).id };
  await first.stop();

  const peer = await startIipsrv(work);
  log(`writing ${REGIONS} regions and ${MARKERS} cell markers …`);
  const t0 = performance.now();
  const { regionClasses, markerClasses } = await writeData(first.databaseUrl, sets, image, peer.www);
  log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const ours = await startBenchServer({
    dir: work,
    databaseUrl: first.databaseUrl,
    email: EMAIL,
    password: PASSWORD,
    userExists: true,
    processes: 'auto',
  });
  copyFileSync(path.join(ROOT, 'node_modules/geojs/geo.min.js'), path.join(peer.www, 'geo.min.js'));

  const signIn = await signedInScript(ours.base, EMAIL, PASSWORD);
  const ourInit = `${signIn}${RECORDER}`;
  const ourUrl = (set: DataSet) =>
    `${ours.base}/projects/${first.projectId}/slide/${first.slideId}?annotation_set_id=${sets[set]}`;

  // Where our map lies (below the navbar and the viewer's toolbar, beside its panels): the peer's map
  // takes the same box. Read in an unmeasured round, which also warms our server's answers.
  const box = await (async () => {
    const browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await page.addInitScript(ourInit);
    await page.goto(ourUrl('markers'));
    const map = page.locator('[data-cell-markers]');
    await map.waitFor({ timeout: LOAD_TIMEOUT_MS });
    const b = (await map.boundingBox())!;
    await browser.close();
    return b;
  })();
  const common: Omit<PeerPageOptions, 'data'> = {
    image,
    dziFiles: `/fcgi-bin/iipsrv.fcgi?DeepZoom=${slide}_files/`,
    box,
    regionColors: colorsOf(regionClasses),
    markerColors: colorsOf(markerClasses),
    fillOpacity: ANNOTATION_FILL_OPACITY.default / 100,
    outlineOpacity: ANNOTATION_OUTLINE_OPACITY,
    markerRadius: CELL_MARKER_SIZE.default,
  };
  for (const data of ['regions', 'markers'] as const)
    writeFileSync(path.join(peer.www, `${data}.html`), geojsPage({ ...common, data }));
  const peerUrl = (set: DataSet) => `${peer.base}/${set}.html`;

  const samples = {
    ours: { regions: [] as Sample[], markers: [] as Sample[] },
    geojs: { regions: [] as Sample[], markers: [] as Sample[] },
  };
  // One unmeasured round of ours on each set: our server's answers are kept, as for a user's second
  // look. The peer reads static files, warm in the page cache already.
  for (const data of ['regions', 'markers'] as const) await round(ourUrl(data), ourInit, box);
  await checkIdle();
  for (let r = 0; r < ROUNDS; r++)
    for (const data of ['regions', 'markers'] as const) {
      const order = r % 2 ? (['geojs', 'ours'] as const) : (['ours', 'geojs'] as const);
      for (const who of order.filter((w) => !ONLY || w === ONLY))
        samples[who][data].push(
          await round(
            who === 'ours' ? ourUrl(data) : peerUrl(data),
            who === 'ours' ? ourInit : RECORDER,
            box,
          ),
        );
      log(`  round ${r + 1}/${ROUNDS} ${data} done`);
    }
  await ours.stop();

  const report = (list: Sample[]) => {
    const frames = list.flatMap((s) => s.frames);
    return {
      first: median(list.map((s) => s.firstMs)),
      frame: median(frames),
      mean: frames.reduce((a, b) => a + b, 0) / frames.length,
      p95: percentile(frames, 0.95),
      worst: Math.max(...frames),
      n: frames.length,
    };
  };
  log(
    `\n${ROUNDS} rounds each; ms (first render: median; frames of the view in motion: median, mean, 95th percentile)`,
  );
  log(
    `${'page, data'.padEnd(30)} ${'first'.padStart(8)} ${'median'.padStart(7)} ${'mean'.padStart(7)} ${'p95'.padStart(7)} ${'worst'.padStart(7)}`,
  );
  const rows = {} as Record<string, ReturnType<typeof report>>;
  for (const who of ['ours', 'geojs'] as const)
    for (const data of ['regions', 'markers'] as const) {
      if (samples[who][data].length === 0) continue;
      const r = (rows[`${who}.${data}`] = report(samples[who][data]));
      const name = `${who === 'ours' ? 'Tessera (OpenLayers)' : 'geojs'}, ${data === 'regions' ? `${REGIONS / 1000}k polygons` : `${MARKERS / 1e6}M markers`}`;
      log(
        `${name.padEnd(30)} ${r.first.toFixed(0).padStart(8)} ${r.frame.toFixed(1).padStart(7)} ${r.mean.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.worst.toFixed(0).padStart(7)}  (${r.n} frames)`,
      );
    }
  if (ONLY) return stopAll();
  const markersFirst = rows['ours.markers']!.first;
  const polygonsRatio = rows['ours.regions']!.frame / rows['geojs.regions']!.frame;
  const markersRatio = rows['ours.markers']!.frame / rows['geojs.markers']!.frame;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log(
    `bars: first render of the markers ≤ ${BAR_MARKERS_FIRST_MS} ms ${met(markersFirst <= BAR_MARKERS_FIRST_MS)}; ` +
      // Judged on the ratio as printed: medians at the display's rate differ by noise in the last digits.
      `frame time no worse than geojs: polygons ${met(polygonsRatio < 1.005)}, markers ${met(markersRatio < 1.005)}`,
  );
  log(
    `RESULT annotation-render markers_first_ms=${markersFirst.toFixed(0)} polygons_frame_ratio=${polygonsRatio.toFixed(2)} markers_frame_ratio=${markersRatio.toFixed(2)}`,
  );
  stopAll();
}

void runBench(main);
