/**
 * Our server as a benchmark runs it: `tessera serve` as a child process on its own data folder and
 * database, one serving process, no demo, no embedded worker, signed in as a system super user (who sees
 * every project without being a member). Shared by every benchmark of our server.
 */
import { copyFileSync, linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, freePort, run, startChild, waitFor } from './_lib.ts';

export interface BenchServer {
  base: string;
  /** The `tessera serve` process (with several serving processes: their primary). */
  pid: number;
  token: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  dir: string;
  databaseUrl: string;
  email: string;
  password: string;
  /** The user is in the database already (a cached one): not created again. */
  userExists?: boolean;
  /** Serving processes: 1 (default) measures one process; 'auto' measures the default install (one per core). */
  processes?: 1 | 'auto';
  /** More environment for the server (e.g. TESSERA_TRUST_PROXY). */
  env?: Record<string, string>;
}

export async function startBenchServer({
  dir,
  databaseUrl,
  email,
  password,
  userExists = false,
  processes = 1,
  env: extraEnv = {},
}: BenchServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const env = {
    TESSERA_DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    TESSERA_LOG_LEVEL: 'warn',
    TESSERA_DEMO: 'false',
    TESSERA_EMBEDDED_WORKER: 'false',
    TESSERA_SERVE_PROCESSES: String(processes),
    TESSERA_ACCESS_TOKEN_TTL: '3600',
    ...extraEnv,
  };
  mkdirSync(env.TESSERA_DATA_DIR, { recursive: true });
  const cli = path.join(ROOT, 'bin/tessera.js');
  if (!userExists)
    run(
      process.execPath,
      [cli, 'user', 'create', email, '--role', 'systemSuperUser', '--password', password],
      env,
    );
  // Node flags for the server alone, to profile it: BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p'.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = startChild(process.execPath, [...nodeArgs, cli, 'serve'], env, 'tessera');
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    'Tessera',
    async () => (await fetch(`${base}/v1/auth/login`, { method: 'POST' })).status < 500,
  );
  const signIn = await callApi<{ accessToken?: string }>(base, null, 'POST', '/v1/auth/login', {
    email,
    password,
  });
  if (!signIn.accessToken)
    throw new Error(`sign-in answered a challenge instead of tokens: ${JSON.stringify(signIn)}`);
  return {
    base,
    pid: child.pid!,
    token: signIn.accessToken,
    dataDir: env.TESSERA_DATA_DIR,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A JSON call, its answer parsed (as a client must) and its size. */
export async function exchangeApi<T>(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ answer: T; bytes: number }> {
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
  return { answer: JSON.parse(text) as T, bytes: text.length };
}

export const callApi = async <T>(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> => (await exchangeApi<T>(base, token, method, url, body)).answer;

/**
 * Puts slide files into `<dataDir>/imports/bench` for the import API, which refuses links that lead out
 * of its folder: hard links, or copies when the file lies on another file system. Answers the folder.
 */
export function placeInImports(dataDir: string, files: readonly string[]): string {
  const folder = path.join(dataDir, 'imports', 'bench');
  mkdirSync(folder, { recursive: true });
  for (const file of files) {
    const target = path.join(folder, path.basename(file));
    try {
      linkSync(file, target);
    } catch {
      copyFileSync(file, target);
    }
  }
  return folder;
}
