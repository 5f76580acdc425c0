/**
 * An upload survives its server being killed (issue #15 points 1 and 9): a writer uploads a 48 MB slide
 * through the Upload panel to a server of its own (one process, its own data folder), reached through a
 * proxy that lets the browser send 4 MB a second (a slow network: on loopback the whole file would be in
 * before the kill); the server is killed with SIGKILL halfway, started again on the same folder and port,
 * and the browser's tus client asks where the upload stands and sends the rest from there — not from the
 * start — and the slide is registered once.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MESSAGES } from '@tessera/domain';
import { test, expect } from './fixtures.ts';
import { REPO_ROOT } from './support/env.ts';
import { reservePort } from './support/ports.ts';
import { startTessera, type RunningServer } from './support/server.ts';
import { signInWith } from './support/users.ts';
import { buildTiff, imageTags } from '../../packages/wsi/test/tiny-tiff.ts';

const EMAIL = 'resume@tessera.test';
const PASSWORD = 'Resume-Passw0rd!e2e';
/** 4096 × 4096 RGB in 256-pixel tiles of noise, stored uncompressed: 48 MB, much more than the server buffers. */
const SIDE = 4096;
const TILE = 256;
/** The browser sends at most this many bytes a second (slowNetwork): the 48 MB take about 12 s. */
const UPLOAD_BYTES_PER_SECOND = 4_000_000;
/** The server is killed once it holds this much of the file. */
const KILL_AT_BYTES = 12_000_000;

/**
 * A TCP proxy to `port` passing at most `bytesPerSecond` from the client to the server (answers pass
 * as they come). A connection whose server side fails is closed, as the network would close it.
 */
async function slowNetwork(port: number, bytesPerSecond: number): Promise<{ port: number; close(): void }> {
  const proxy = net.createServer((client) => {
    const server = net.connect(port, '127.0.0.1');
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
    server.pipe(client);
    let windowStart = Date.now();
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      server.write(chunk);
      sent += chunk.length;
      const due = windowStart + (sent / bytesPerSecond) * 1000 - Date.now();
      if (due > 0) {
        client.pause();
        setTimeout(() => client.resume(), due);
      }
      if (Date.now() - windowStart > 1000) {
        windowStart = Date.now();
        sent = 0;
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;
  return { port: address.port, close: () => proxy.close() };
}

function noiseSlide(file: string): number {
  const chunks = Array.from({ length: (SIDE / TILE) ** 2 }, () => crypto.randomBytes(TILE * TILE * 3));
  const tiff = buildTiff(
    [
      {
        tags: imageTags({ width: SIDE, height: SIDE, tile: [TILE, TILE], spp: 3, photometric: 2 }),
        chunks,
        tiled: true,
      },
    ],
    { bigTiff: false, littleEndian: true },
  );
  fs.writeFileSync(file, tiff);
  return tiff.length;
}

test('an upload whose server is killed halfway resumes from where it stopped and registers the slide once', async ({
  page,
  shot,
}) => {
  test.setTimeout(240_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-upload-resume-'));
  const slide = path.join(work, 'noise.tif');
  const size = noiseSlide(slide);
  // Held until the server takes it: a port released early can go to another run's peer.
  const reserved = await reservePort();
  const port = reserved.port;
  const network = await slowNetwork(port, UPLOAD_BYTES_PER_SECOND);
  const direct = `http://127.0.0.1:${port}`;
  // What the browser and the server's links use: through the slow network.
  const url = `http://127.0.0.1:${network.port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    TESSERA_DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    TESSERA_PUBLIC_URL: url,
    TESSERA_DEMO: 'false',
    TESSERA_SERVE_PROCESSES: '1',
    TESSERA_EMBEDDED_WORKER: 'false',
    TESSERA_MAINTENANCE: 'false',
    TESSERA_MANUAL_VERSION: '',
    TESSERA_LOG_LEVEL: 'warn',
  };
  fs.mkdirSync(env.TESSERA_DATA_DIR!);
  const created = spawnSync(
    process.execPath,
    ['bin/tessera.js', 'user', 'create', EMAIL, '--role', 'systemSuperUser', '--password', PASSWORD],
    { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  await reserved.release();
  let server: RunningServer = await startTessera(env, direct);
  try {
    const api = async <T>(method: string, route: string, token?: string, body?: unknown): Promise<T> => {
      const res = await fetch(url + route, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : null,
      });
      expect(res.ok, `${method} ${route}: ${res.status}`).toBe(true);
      return (await res.json()) as T;
    };
    const tokens = await api<{ accessToken: string; refreshToken: string; expiresIn: number }>(
      'POST',
      '/v1/auth/login',
      undefined,
      { email: EMAIL, password: PASSWORD },
    );
    const project = await api<{ id: string }>('POST', '/v1/projects', tokens.accessToken, {
      name: 'Resumed uploads',
      summary: '',
    });
    await signInWith(page, tokens);
    // Where each PATCH began: the first from 0, the one after the restart from what the server kept.
    const patchedFrom: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/v1/uploads/'))
        patchedFrom.push(Number(request.headers()['upload-offset']));
    });
    await page.goto(`${url}/projects/${project.id}/slides`);

    await page.getByRole('button', { name: 'Upload slides' }).click();
    const panel = page.getByRole('region', { name: 'Upload slides' });
    await panel.getByLabel('Slide files').setInputFiles([slide]);
    await panel.getByRole('button', { name: 'Start upload' }).click();
    const row = panel.getByTestId('upload-row').filter({ hasText: 'noise.tif' });
    await expect(row.getByText('Uploading')).toBeVisible({ timeout: 30_000 });

    // The bytes the server holds: tus's file of the upload in progress.
    const uploads = path.join(env.TESSERA_DATA_DIR!, 'uploads');
    const held = () =>
      fs.existsSync(uploads)
        ? Math.max(
            0,
            ...fs
              .readdirSync(uploads)
              .filter((f) => !f.endsWith('.json'))
              .map((f) => fs.statSync(path.join(uploads, f)).size),
          )
        : 0;
    await expect.poll(held, { timeout: 60_000, intervals: [100] }).toBeGreaterThan(KILL_AT_BYTES);
    await server.kill();
    const kept = held();
    expect(kept).toBeLessThan(size);
    await shot('upload-server-killed');
    server = await startTessera(env, direct);

    await expect(row.getByText('Finished')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText(UPLOAD_MESSAGES.allUploaded)).toBeVisible();
    // Resumed: a PATCH after the first began where the server had stopped, not at 0.
    expect(patchedFrom[0]).toBe(0);
    expect(patchedFrom.slice(1)).toContain(kept);
    const { count } = await api<{ count: number }>(
      'GET',
      `/v1/projects/${project.id}/slides/count`,
      tokens.accessToken,
    );
    expect(count).toBe(1);
    await shot('upload-resumed');
  } finally {
    await server.stop();
    network.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
