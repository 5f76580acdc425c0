/**
 * The Tessera server under test: `node bin/tessera.js serve` as a child process, exactly as an operator
 * starts it, on a free port with its own data folder. Its output goes to <dataDir>/server.log, which is
 * printed when it fails to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './env.ts';

export interface RunningServer {
  url: string;
  logFile: string;
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL), as a crash or an operator's kill -9 would: nothing is flushed or closed. */
  kill(): Promise<void>;
}

/** Seeding the demo (two generated slides, 10,000 rows) takes ~20 s idle; a busy 2-core machine needs more. */
const START_TIMEOUT_MS = 180_000;

async function waitForVersion(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/version.json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    // Polling a port that is not open yet: the only wait here is on the server's own readiness.
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '(no log)';
  // A server that is still starting would outlive the run and hold its port and database.
  if (child.exitCode === null) child.kill('SIGKILL');
  throw new Error(`Tessera did not answer ${url}/version.json (exit code ${child.exitCode}). Log:\n${log}`);
}

export async function startTessera(env: Record<string, string>, url: string): Promise<RunningServer> {
  const logFile = path.join(env.TESSERA_DATA_DIR ?? '.', 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['bin/tessera.js', 'serve'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  await waitForVersion(url, child, logFile);
  const exited = () => new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    logFile,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = exited();
      child.kill('SIGKILL');
      await gone;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = exited();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
