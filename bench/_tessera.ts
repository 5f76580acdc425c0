/** Starts Tessera for a benchmark: fresh data dir, a super user, one project holding the imported slide. */
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT, freePort, run, startChild, waitFor } from './_lib.ts';

const PASSWORD = 'Bench-Passw0rd!x';
const EMAIL = 'bench@tessera.example';

async function api<T>(
  base: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface Level {
  size: { w: number; h: number };
  tileSize: { w: number; h: number };
}

/** Starts Tessera on a fresh data dir, signs in, imports the slide; answers the base URL, token and tile URL parts. */
export async function startTessera(work: string, slide: string) {
  const dataDir = path.join(work, 'data');
  mkdirSync(path.join(dataDir, 'imports', 'bench'), { recursive: true });
  symlinkSync(slide, path.join(dataDir, 'imports', 'bench', path.basename(slide)));
  const port = await freePort();
  const env = {
    TESSERA_DATA_DIR: dataDir,
    PORT: String(port),
    TESSERA_ADMIN_PASSWORD: PASSWORD,
    TESSERA_LOG_LEVEL: 'warn',
    // Measure serving alone: no demo slides being generated, and the import's conversion job stays queued.
    TESSERA_DEMO: 'false',
    TESSERA_EMBEDDED_WORKER: 'false',
    // The embedded SQLite unless BENCH_DATABASE_URL names an empty PostgreSQL database to measure instead.
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  // Node flags for the server alone, to profile it under load: BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p'.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const cli = path.join(ROOT, 'bin/tessera.js');
  run(process.execPath, [cli, 'migrate'], env);
  run(
    process.execPath,
    [cli, 'user', 'create', EMAIL, '--role', 'systemSuperUser', '--password', PASSWORD],
    env,
  );
  const server = startChild(process.execPath, [...nodeArgs, cli, 'serve'], env, 'tessera');
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    'Tessera',
    async () => (await fetch(`${base}/v1/auth/login`, { method: 'POST' })).status < 500,
  );
  const signIn = await api<{ accessToken?: string }>(base, 'POST', '/v1/auth/login', null, {
    email: EMAIL,
    password: PASSWORD,
  });
  if (!signIn.accessToken)
    throw new Error(`sign-in answered a challenge instead of tokens: ${JSON.stringify(signIn)}`);
  const token = signIn.accessToken;
  const project = await api<{ id: string }>(base, 'POST', '/v1/projects', token, {
    name: `Bench ${Date.now()}`,
  });
  const summary = await api<{ imported: { slideId: string }[]; failed: unknown[]; skipped: unknown[] }>(
    base,
    'POST',
    `/v1/projects/${project.id}/import`,
    token,
    { path: path.join(dataDir, 'imports', 'bench') },
  );
  if (summary.imported.length !== 1)
    throw new Error(`import did not register the slide: ${JSON.stringify(summary)}`);
  const slideId = summary.imported[0]!.slideId;
  const info = await api<{ imageInfo: { levels: Level[] } }>(
    base,
    'GET',
    `/v1/projects/${project.id}/slides/${slideId}`,
    token,
  );
  return {
    server,
    dataDir,
    projectId: project.id,
    slideId,
    base,
    token,
    prefix: `/v1/projects/${project.id}/slides/${slideId}/tile/rgb/noeq`,
    levels: info.imageInfo.levels,
  };
}
