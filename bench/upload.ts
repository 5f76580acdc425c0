/**
 * `npm run bench -- upload` (issue #15 point 8): a 2 GB tissue slide (CMU-1-Small-Region.svs replicated
 * into a tiled JPEG BigTIFF, _lib.ts ensureReplicatedSlide, cached) uploaded over loopback
 *
 * - to Tessera through tus-js-client, the web app's upload library, run in Node on the file as the web
 *   sends it (one part), until the server has checked the bytes and registered the slide (imageInfo
 *   read, conversion queued);
 * - to Tessera by curl speaking tus (a creation, then one PATCH of the whole file): the same server path
 *   without the client library's own cost;
 * - side by side with the peer, `curl -T` (an HTTP PUT) of the same file to a plain static server:
 *   lighttpd with mod_webdav writing it to disk.
 *
 * Rounds alternate which goes first; each median counts. The server's resident memory is sampled every
 * 50 ms during its uploads: flat means no file is buffered. Once each, for context: the Upload panel in
 * headless Chromium (the whole web path, on a fresh server), and Chromium's own XHR PUT of the file to the
 * same lighttpd — what the browser itself reaches here. Last line:
 * `RESULT upload ratio=<tus-js-client / peer throughput> server_rss_mb=<peak>`. Bar: ratio ≥ 0.7, memory flat.
 */
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import * as tus from 'tus-js-client';
import { fileChecksum } from '../apps/server/src/modules/imaging/checksum.ts';
import { startBenchServer, callApi, type BenchServer } from './_server.ts';
import {
  checkIdle,
  ensurePeers,
  ensureReplicatedSlide,
  freePort,
  has,
  log,
  onCleanup,
  run,
  runBench,
  startChild,
  stopAll,
  waitFor,
  warmPageCache,
} from './_lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EMAIL = 'bench-upload@tessera.example';
const PASSWORD = 'Bench-Passw0rd!x';
const MB = 1024 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** lighttpd with mod_webdav taking PUTs into `<work>/plain` (and serving the Chromium probe's page), on loopback. */
async function startPlainServer(work: string): Promise<string> {
  const root = path.join(work, 'plain');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><input type="file" id="file">');
  const port = await freePort();
  const conf = path.join(work, 'lighttpd-put.conf');
  writeFileSync(
    conf,
    [
      `server.document-root = "${root}"`,
      `server.port = ${port}`,
      `server.bind = "127.0.0.1"`,
      `server.errorlog = "${path.join(work, 'lighttpd-put-error.log')}"`,
      `server.upload-dirs = ( "${work}" )`,
      `server.max-request-size = 0`,
      `server.stream-request-body = 2`,
      `server.modules = ( "mod_webdav" )`,
      `mimetype.assign = ( ".html" => "text/html" )`,
      `webdav.activate = "enable"`,
      `webdav.is-readonly = "disable"`,
      '',
    ].join('\n'),
  );
  startChild('lighttpd', ['-D', '-f', conf], {}, 'lighttpd');
  const base = `http://127.0.0.1:${port}`;
  await waitFor('lighttpd', async () => (await fetch(`${base}/`)).status > 0);
  return base;
}

/** Seconds for curl to send the file; `args` say how (a PUT, or a tus PATCH). */
function curlSeconds(args: string[], file: string, url: string): number {
  const t0 = performance.now();
  const out = spawnSync('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    'expect:',
    ...args,
    '-T',
    file,
    url,
  ]);
  const seconds = (performance.now() - t0) / 1000;
  const status = out.stdout.toString();
  if (!['201', '204'].includes(status)) throw new Error(`curl answered ${status}: ${out.stderr}`);
  return seconds;
}

/** The resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN;
}

/** Runs `send`, timing it and sampling the server's RSS meanwhile. */
async function measured(
  pid: number,
  send: () => Promise<unknown>,
): Promise<{ seconds: number; peakRssMb: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const t0 = performance.now();
  try {
    await send();
  } finally {
    clearInterval(sampler);
  }
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: Math.max(peak, rssMb(pid)) };
}

interface Upload {
  server: BenchServer;
  projectId: string;
  file: string;
  checksum: string;
}

const metadataOf = (u: Upload) => ({
  projectId: u.projectId,
  fileName: path.basename(u.file),
  checksum: u.checksum,
});

/** As the web app sends (api/uploads.ts): one part. */
function sendWithTusClient(u: Upload): Promise<void> {
  return new Promise((resolve, reject) => {
    new tus.Upload(createReadStream(u.file), {
      endpoint: `${u.server.base}/v1/uploads`,
      headers: { authorization: `Bearer ${u.server.token}` },
      metadata: metadataOf(u),
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

async function sendWithCurl(u: Upload, bytes: number): Promise<void> {
  const metadata = Object.entries(metadataOf(u))
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const created = await fetch(`${u.server.base}/v1/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${u.server.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes),
      'upload-metadata': metadata,
    },
  });
  if (created.status !== 201)
    throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const headers = [
    ['authorization', `Bearer ${u.server.token}`],
    ['tus-resumable', '1.0.0'],
    ['upload-offset', '0'],
    ['content-type', 'application/offset+octet-stream'],
  ].flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  curlSeconds(['-X', 'PATCH', ...headers], u.file, u.server.base + created.headers.get('location')!);
}

/** The Upload panel in Chromium on a server of its own (the file new to it): seconds from Start upload to Finished. */
async function panelSeconds(browser: Browser, dir: string, file: string): Promise<number> {
  const server = await startBenchServer({
    dir,
    databaseUrl: path.join(dir, 'tessera.sqlite'),
    email: EMAIL,
    password: PASSWORD,
  });
  try {
    const tokens = await callApi<{ accessToken: string; refreshToken: string; expiresIn: number }>(
      server.base,
      null,
      'POST',
      '/v1/auth/login',
      { email: EMAIL, password: PASSWORD },
    );
    const project = await callApi<{ id: string }>(server.base, server.token, 'POST', '/v1/projects', {
      name: 'Upload bench',
      summary: '',
    });
    const context = await browser.newContext();
    const session = { ...tokens, refreshAt: Date.now() + tokens.expiresIn * 800 };
    await context.addInitScript(
      `sessionStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify(session))});`,
    );
    const page = await context.newPage();
    await page.goto(`${server.base}/projects/${project.id}/slides`);
    await page.getByRole('button', { name: 'Upload slides' }).click();
    const panel = page.getByRole('region', { name: 'Upload slides' });
    await panel.getByLabel('Slide files').setInputFiles(file);
    const t0 = performance.now();
    await panel.getByRole('button', { name: 'Start upload' }).click();
    const row = panel.getByTestId('upload-row');
    await row.getByText(/^(Finished|Failed)$/).waitFor({ timeout: 600_000 });
    if (await row.getByText('Failed').isVisible())
      throw new Error(`the upload failed: ${await row.innerText()}`);
    const seconds = (performance.now() - t0) / 1000;
    await context.close();
    return seconds;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Chromium's own XHR PUT of the file to lighttpd: the browser's upload speed here, whoever receives. */
async function browserPutSeconds(browser: Browser, plain: string, file: string): Promise<number> {
  const page = await browser.newPage();
  await page.goto(`${plain}/index.html`);
  await page.locator('#file').setInputFiles(file);
  // A string: the bench compiles without the DOM's types.
  const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const t0 = performance.now();
    xhr.open('PUT', '/browser.bin');
    xhr.onload = () => resolve(performance.now() - t0);
    xhr.onerror = () => reject(new Error('the PUT failed'));
    xhr.send(document.getElementById('file').files[0]);
  })`);
  await page.close();
  return ms / 1000;
}

runBench(async () => {
  ensurePeers([
    { name: 'lighttpd', present: () => has('lighttpd'), pkg: 'lighttpd' },
    {
      name: 'mod_webdav',
      present: () => spawnSync('sh', ['-c', 'ls /usr/lib/lighttpd/mod_webdav.so']).status === 0,
      pkg: 'lighttpd-mod-webdav',
    },
    { name: 'curl', present: () => has('curl'), pkg: 'curl' },
    { name: 'chromium', present: () => has('chromium'), pkg: 'chromium' },
    { name: 'libvips', present: () => has('vips'), pkg: 'libvips-tools' },
  ]);
  log('building the web app …');
  run('npm', ['run', 'build:web'], {});
  const file = ensureReplicatedSlide({ across: 50, down: 28, quality: 85, levels: 'pyramid' });
  const bytes = statSync(file).size;
  const rate = (seconds: number) => bytes / MB / seconds;
  log(`slide: ${file}, ${(bytes / 1024 ** 3).toFixed(2)} GB`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-upload-'));
  onCleanup(() => rmSync(work, { recursive: true, force: true }));

  const plain = await startPlainServer(work);
  const server = await startBenchServer({
    dir: path.join(work, 'tessera'),
    databaseUrl: path.join(work, 'tessera.sqlite'),
    email: EMAIL,
    password: PASSWORD,
  });
  onCleanup(() => void server.stop());
  const { checksum } = await fileChecksum(file);
  const baseline = rssMb(server.pid);
  await checkIdle();
  warmPageCache(file);

  const peer: number[] = [];
  const library: number[] = [];
  const curled: number[] = [];
  let peakRss = baseline;
  for (let round = 0; round < ROUNDS; round++) {
    const project = await callApi<{ id: string }>(server.base, server.token, 'POST', '/v1/projects', {
      name: `Upload bench ${round}`,
      summary: '',
    });
    const upload = { server, projectId: project.id, file, checksum };
    const sides = [
      async () => peer.push(curlSeconds([], file, `${plain}/slide.tif`)),
      async () => {
        const m = await measured(server.pid, () => sendWithTusClient(upload));
        library.push(m.seconds);
        peakRss = Math.max(peakRss, m.peakRssMb);
      },
      async () => {
        // A second upload of the same file into the project: registered again, onto its slide.
        const m = await measured(server.pid, () => sendWithCurl(upload, bytes));
        curled.push(m.seconds);
        peakRss = Math.max(peakRss, m.peakRssMb);
      },
    ];
    for (const side of round % 2 ? sides.reverse() : sides) await side();
    log(
      `round ${round + 1}: curl PUT to lighttpd ${rate(peer.at(-1)!).toFixed(0)} MB/s; Tessera: tus-js-client ` +
        `${rate(library.at(-1)!).toFixed(0)} MB/s, curl tus PATCH ${rate(curled.at(-1)!).toFixed(0)} MB/s`,
    );
    rmSync(path.join(work, 'plain', 'slide.tif'), { force: true });
    rmSync(path.join(server.dataDir, 'slides'), { recursive: true, force: true });
  }
  await server.stop();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  onCleanup(() => void browser.close());
  const panel = await panelSeconds(browser, path.join(work, 'panel'), file);
  const browserPut = await browserPutSeconds(browser, plain, file);
  log(
    `Chromium (once each): the Upload panel to Tessera ${rate(panel).toFixed(0)} MB/s (Start upload to Finished); ` +
      `an XHR PUT to lighttpd ${rate(browserPut).toFixed(0)} MB/s — the browser's own speed here`,
  );

  const ratio = median(peer) / median(library);
  log(
    `medians: curl PUT to lighttpd ${rate(median(peer)).toFixed(0)} MB/s; Tessera with tus-js-client ` +
      `${rate(median(library)).toFixed(0)} MB/s (${ratio.toFixed(2)} of the peer), with curl ` +
      `${rate(median(curled)).toFixed(0)} MB/s (${(median(peer) / median(curled)).toFixed(2)} of the peer); ` +
      `server RSS ${baseline.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB at most (the file: ${(bytes / MB).toFixed(0)} MB)`,
  );
  log(`bar: ratio ${ratio.toFixed(2)} (≥ 0.7) ${ratio >= 0.7 ? 'met' : 'MISSED'}`);
  stopAll();
  console.log(`RESULT upload ratio=${ratio.toFixed(2)} server_rss_mb=${peakRss.toFixed(0)}`);
});
