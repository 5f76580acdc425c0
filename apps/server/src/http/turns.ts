/**
 * Requests start one per turn of the event loop, in the order they arrived.
 *
 * Node 20 (libuv 1.46) accepts one new connection per turn of the event loop, and in one turn a serving
 * process reads every connection with data waiting and runs each of those requests up to its first real
 * wait — all of it, on SQLite, whose queries answer synchronously. Under load a turn grew to 150 ms and
 * more, so a burst of new connections waited 4–15 s to be accepted although every request took under a
 * second once read (`npm run bench -- load`, docs/architecture.md "Load"). Starting one request per turn
 * keeps turns short, so connections are accepted, and answers of files and PostgreSQL picked up, between
 * any two requests. An idle process starts a request in the same turn it arrived: nothing waits for nothing.
 */
import type { FastifyInstance } from 'fastify';

export function registerTurns(app: FastifyInstance): void {
  const waiting: (() => void)[] = [];
  let isScheduled = false;
  // An immediate scheduled while immediates run goes to the next turn, after the poll for I/O.
  const startNext = () => {
    isScheduled = false;
    const start = waiting.shift();
    if (waiting.length > 0) {
      isScheduled = true;
      setImmediate(startNext);
    }
    start?.();
  };
  app.addHook('onRequest', (_req, _reply, done) => {
    waiting.push(done);
    if (!isScheduled) {
      isScheduled = true;
      setImmediate(startNext);
    }
  });
}
