import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerTurns } from './turns.ts';

const BUSY_MS = 15;
const REQUESTS = 5;

/** Five requests arriving together on five open connections, each busy for BUSY_MS: what ran in which order. */
async function burst(withTurns: boolean): Promise<string[]> {
  const app = Fastify();
  if (withTurns) registerTurns(app);
  const events: string[] = [];
  app.get('/busy', async () => {
    events.push('request');
    const end = performance.now() + BUSY_MS;
    while (performance.now() < end);
    return 'done';
  });
  let connections = 0;
  app.server.on('connection', () => connections++);
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const { port } = app.server.address() as net.AddressInfo;
  const sockets = await Promise.all(
    Array.from(
      { length: REQUESTS },
      () =>
        new Promise<net.Socket>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  while (connections < REQUESTS) await new Promise((resolve) => setTimeout(resolve, 5));
  // A timer due at every turn of the event loop marks the turns.
  const ticker = setInterval(() => events.push('turn'), 1);
  const answered = sockets.map((s) => new Promise((resolve) => s.once('data', resolve)));
  for (const s of sockets) s.write('GET /busy HTTP/1.1\r\nHost: x\r\n\r\n');
  await Promise.all(answered);
  clearInterval(ticker);
  for (const s of sockets) s.destroy();
  return events.filter((e, i) => e === 'request' || events[i - 1] !== 'turn');
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('turns', () => {
  it('starts one request per turn of the event loop, so timers and I/O are served between requests', async () => {
    const order = await burst(true);
    const requests = order.filter((e) => e === 'request');
    expect(requests).toHaveLength(REQUESTS);
    // No two requests ran in the same turn.
    const first = order.indexOf('request');
    expect(order.slice(first).join(' ')).not.toContain('request request');
  });

  it('(without them, requests that arrive together run back to back in one turn)', async () => {
    const order = await burst(false);
    expect(order.join(' ')).toContain('request request');
  });
});
