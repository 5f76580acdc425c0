/** Runs `node bin/tessera.js <command>` against the server's data folder, as an operator would. */
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, serverEnv } from './env.ts';

export function tessera(...args: string[]): string {
  const env = serverEnv();
  // The same environment as the server: the commands act on its data folder (its settings table).
  const res = spawnSync(process.execPath, ['bin/tessera.js', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (res.status !== 0)
    throw new Error(`tessera ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}
