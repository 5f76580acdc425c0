/**
 * `tessera serve` runs one process per core, and each re-reads run-time switches (maintenance, the
 * manual version) every 2 seconds on its own. After switching, a scenario waits until every process
 * answers the new way: requests on new connections, which the processes take in turn.
 */
import http from 'node:http';
import { expect } from '@playwright/test';
import { baseUrl } from './env.ts';

/** Requests in a row that must all agree: more than the processes of the 2-core machines we run on. */
const REQUESTS = 6;

function getOnNewConnection(path: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl()}${path}`,
      { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

/** Waits until GET `path` answers as `check` wants from every serving process. */
export async function expectOnEveryServer(
  path: string,
  check: (answer: { status: number; body: string }) => boolean,
  token?: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        for (let i = 0; i < REQUESTS; i++) if (!check(await getOnNewConnection(path, token))) return false;
        return true;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
