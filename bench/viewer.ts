/**
 * `npm run bench -- viewer` (issue #12 point 10): headless Chromium opens our viewer on the large tissue
 * pyramid (_lib.ts ensureTissueSlide) and, side by side in the same run, an OpenSeadragon page (npm
 * `openseadragon`) on iipsrv's DeepZoom interface for the same file (_iipsrv.ts; lighttpd serves the page).
 *
 * Each round opens both in fresh browser contexts (empty caches), alternating which goes first, and times:
 * - open: from navigation start to every visible tile drawn;
 * - next field of view, after each of three wheel zoom steps (×2 each, toward the centre) and two drag
 *   pans of half the view's width: from the view at rest (a pan released, a zoom's animation done) to
 *   every visible tile drawn — the tiles' part, which the bar is about; printed beside it, from the input
 *   (the wheel notch or the release), which adds each viewer's zoom animation and wheel debounce.
 * "Drawn" is our map's SLIDE_DRAWN_EVENT (OpenLayers' rendercomplete) and OpenSeadragon's
 * fully-loaded-change; "at rest" SLIDE_MOVED_EVENT (moveend) and OpenSeadragon's animation-finish; all
 * timed inside the page (performance.now). Both viewers show the slide in the same area, both with an
 * overview map, both animating a zoom step for 250 ms. OpenSeadragon loads at most `maxTilesPerFrame`
 * tiles a frame (default 1): headless Chromium without a GPU draws it at 10–20 frames a second while
 * tiles arrive, which made its every field of view take about 5 s; the peer page allows 10.
 * Medians over BENCH_ROUNDS (20) rounds. Last line:
 * `RESULT viewer open_ms=<ours> fov_ms=<ours> open_ratio=<ours/peer> fov_ratio=<ours/peer>`.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SLIDE_DRAWN_EVENT, SLIDE_MOVED_EVENT } from '../apps/web/src/viewer/slide-events.ts';
import { startTessera } from './_tessera.ts';
import { ensureViewerPeers, launchChromium, signedInScript } from './_browser.ts';
import { startIipsrv } from './_iipsrv.ts';
import { checkIdle, ensureTissueSlide, log, onCleanup, ROOT, run, runBench, stopAll } from './_lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const VIEWPORT = { width: 1280, height: 800 };
/** Our navbar and viewer toolbar: the peer's viewer starts as far down, so both show the same area. */
const MAP_TOP_PX = 113;
const ZOOM_STEPS = 3;
const PANS = 2;
const DRAW_TIMEOUT_MS = 15_000;
const BARS = { openMs: 1000, fovMs: 150 };
/**
 * A wheel notch OpenLayers reads as a mouse wheel (a multiple of 4.000244140625, not a trackpad) of one
 * zoom level (its 300 per level): ×2, as OpenSeadragon's zoomPerScroll 2 makes one notch.
 */
const WHEEL_NOTCH = 4.000244140625 * 75;

interface Timings {
  open: number[];
  /** From the view at rest to drawn. */
  zoom: number[];
  pan: number[];
  /** From the input to drawn. */
  zoomInput: number[];
  panInput: number[];
}
const noTimings = (): Timings => ({ open: [], zoom: [], pan: [], zoomInput: [], panInput: [] });

/** Records, in the page, when the viewer says it is fully drawn or at rest, and when an input arrives. */
function recorderScript(drawnEvent: string, movedEvent: string): string {
  return `
    window.__drawn = [];
    window.__moved = [];
    window.__inputs = [];
    document.addEventListener(${JSON.stringify(drawnEvent)}, () => window.__drawn.push(performance.now()), true);
    document.addEventListener(${JSON.stringify(movedEvent)}, () => window.__moved.push(performance.now()), true);
    for (const type of ['mouseup', 'wheel'])
      window.addEventListener(type, () => window.__inputs.push(performance.now()), true);`;
}

/** The peer: OpenSeadragon on iipsrv's DeepZoom, configured as close to our viewer as it goes. */
function peerPage(dzi: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>OpenSeadragon</title>
<style>html,body{margin:0;height:100%;background:#f4f4f4}#v{position:absolute;left:0;right:0;bottom:0;top:${MAP_TOP_PX}px}</style>
</head><body><div id="v"></div>
<script src="openseadragon.min.js"></script>
<script>
  window.__drawn = window.__drawn || [];
  const viewer = OpenSeadragon({
    id: 'v',
    tileSources: ${JSON.stringify(dzi)},
    showNavigationControl: false,
    showNavigator: true,
    animationTime: 0.25,
    zoomPerScroll: 2,
    maxTilesPerFrame: 10,
    gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: false, flickEnabled: false },
  });
  // At rest with every tile loaded already, nothing changes later: the rest is the draw.
  viewer.addHandler('animation-finish', () => {
    const at = performance.now();
    window.__moved.push(at);
    if (viewer.world.getItemAt(0)?.getFullyLoaded()) window.__drawn.push(at);
  });
  viewer.world.addHandler('add-item', (e) =>
    e.item.addHandler('fully-loaded-change', (ev) => {
      if (ev.fullyLoaded) window.__drawn.push(performance.now());
    }),
  );
</script></body></html>`;
}

type Recorded = { __drawn: number[]; __moved: number[] };

/** When (page time) the first of the recorded events at or after `since` happened, waiting for it. */
async function firstAfter(page: Page, list: keyof Recorded, since: number): Promise<number> {
  const at = await page.waitForFunction(
    ([name, t]) => (globalThis as unknown as Recorded)[name].find((d) => d >= t),
    [list, since] as const,
    { timeout: DRAW_TIMEOUT_MS, polling: 'raf' },
  );
  return (await at.jsonValue()) as number;
}

/**
 * After an input at `input`: [from the view at rest to drawn, from the input to drawn]. A draw counts
 * from the rest on: OpenLayers also completes frames during an animation, drawn with the tiles at hand.
 */
async function fieldOfView(page: Page, input: number): Promise<[number, number]> {
  const rest = await firstAfter(page, '__moved', input);
  const drawn = await firstAfter(page, '__drawn', rest);
  return [drawn - rest, drawn - input];
}

const lastInput = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __inputs: number[] }).__inputs.at(-1)!);

/** One round on one viewer: open, zoom in three steps, pan twice. */
async function round(
  browser: Browser,
  url: string,
  init: string,
  area: { x: number; y: number; width: number; height: number },
  timings: Timings,
): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(init);
    const page = await context.newPage();
    await page.goto(url);
    timings.open.push(await firstAfter(page, '__drawn', 0));
    const after = async (list: number[], inputList: number[]) => {
      const [fromRest, fromInput] = await fieldOfView(page, await lastInput(page));
      list.push(fromRest);
      inputList.push(fromInput);
    };
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    await page.mouse.move(cx, cy);
    for (let i = 0; i < ZOOM_STEPS; i++) {
      await page.mouse.wheel(0, -WHEEL_NOTCH);
      await page.waitForFunction(() => (globalThis as unknown as { __inputs: number[] }).__inputs.length > 0);
      await after(timings.zoom, timings.zoomInput);
      // The next step from a view at rest, with nothing loading.
      await page.waitForTimeout(300);
    }
    for (let i = 0; i < PANS; i++) {
      await page.mouse.move(cx + area.width / 4, cy);
      await page.mouse.down();
      await page.mouse.move(cx - area.width / 4, cy, { steps: 8 });
      // Held still before release: neither viewer throws the view on (kinetic panning).
      await page.waitForTimeout(200);
      await page.mouse.up();
      await after(timings.pan, timings.panInput);
      await page.waitForTimeout(300);
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  ensureViewerPeers();
  const slide = ensureTissueSlide();
  log('building the web app …');
  run('npm', ['run', 'build:web'], {});
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-viewer-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));

  const ours = await startTessera(work, slide);
  const signIn = await signedInScript(ours.base, 'bench@tessera.example', 'Bench-Passw0rd!x');
  const ourInit = `${signIn}${recorderScript(SLIDE_DRAWN_EVENT, SLIDE_MOVED_EVENT)}`;
  const ourUrl = `${ours.base}/projects/${ours.projectId}/slide/${ours.slideId}`;

  const peer = await startIipsrv(work);
  copyFileSync(
    path.join(ROOT, 'node_modules/openseadragon/build/openseadragon/openseadragon.min.js'),
    path.join(peer.www, 'openseadragon.min.js'),
  );
  writeFileSync(path.join(peer.www, 'index.html'), peerPage(`/fcgi-bin/iipsrv.fcgi?DeepZoom=${slide}.dzi`));
  const peerUrl = `${peer.base}/index.html`;
  // The peer's page pushes its own draws and rests; the recorder adds the inputs.
  const peerInit = recorderScript('osd:unused', 'osd:unused');

  const browser = await launchChromium();
  const area = { x: 0, y: MAP_TOP_PX, width: VIEWPORT.width, height: VIEWPORT.height - MAP_TOP_PX };
  const timings = { ours: noTimings(), peer: noTimings() };
  // One round each unmeasured: both servers' caches and Chromium's own start-up paid before measuring.
  await round(browser, ourUrl, ourInit, area, noTimings());
  await round(browser, peerUrl, peerInit, area, noTimings());
  await checkIdle();
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? (['peer', 'ours'] as const) : (['ours', 'peer'] as const);
    for (const who of order)
      await round(
        browser,
        who === 'ours' ? ourUrl : peerUrl,
        who === 'ours' ? ourInit : peerInit,
        area,
        timings[who],
      );
  }
  await browser.close();

  const report = (who: 'ours' | 'peer') => {
    const t = timings[who];
    const fov = [...t.zoom, ...t.pan];
    return {
      open: median(t.open),
      zoom: median(t.zoom),
      pan: median(t.pan),
      fov: median(fov),
      fovInput: median([...t.zoomInput, ...t.panInput]),
      zoomInput: median(t.zoomInput),
      panInput: median(t.panInput),
      n: fov.length,
    };
  };
  const o = report('ours');
  const p = report('peer');
  log(
    `\n${ROUNDS} rounds each, medians in ms (fresh browser context per round; 1280×800, the map below ${MAP_TOP_PX} px)`,
  );
  log(
    `${'viewer'.padEnd(28)} ${'open'.padStart(8)} ${'zoom step'.padStart(10)} ${'pan'.padStart(8)} ${'next FOV'.padStart(9)}`,
  );
  for (const [name, r] of [
    ['Tessera (OpenLayers)', o],
    ['OpenSeadragon + iipsrv', p],
  ] as const)
    log(
      `${name.padEnd(28)} ${r.open.toFixed(0).padStart(8)} ${r.zoom.toFixed(0).padStart(10)} ${r.pan.toFixed(0).padStart(8)} ${r.fov.toFixed(0).padStart(9)}  ` +
        `(from the input: zoom ${r.zoomInput.toFixed(0)}, pan ${r.panInput.toFixed(0)}, FOV ${r.fovInput.toFixed(0)}; ${r.n} samples)`,
    );
  const openRatio = o.open / p.open;
  const fovRatio = o.fov / p.fov;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log(
    `bars: open ≤ ${BARS.openMs} ms ${met(o.open <= BARS.openMs)}; next FOV ≤ ${BARS.fovMs} ms ${met(o.fov <= BARS.fovMs)}; ` +
      `no slower than the peer: open ${met(openRatio <= 1)}, FOV ${met(fovRatio <= 1)}`,
  );
  log(
    `RESULT viewer open_ms=${o.open.toFixed(0)} fov_ms=${o.fov.toFixed(0)} open_ratio=${openRatio.toFixed(2)} fov_ratio=${fovRatio.toFixed(2)}`,
  );
  stopAll();
}

void runBench(main);
