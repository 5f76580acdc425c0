/**
 * Per-IP rate limits of the sign-in endpoints. Each call registers an encapsulated Fastify scope with
 * its own named limit, so the limit covers exactly the routes registered inside it and no other module.
 * The counts live in the database (auth_rate_limits), so every serving process shares them and a
 * restart does not reset them: one upsert per counted request, and ended windows are pruned at most
 * once a minute per process.
 */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES, auth } from '@tessera/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../../lib/ids.ts';
import { countRateLimitHit, pruneRateLimits } from './rate-limit.queries.ts';

const { AUTH_MESSAGES } = auth;

export interface RateLimit {
  /** Requests allowed per IP within the window, over all routes of the scope together. */
  max: number;
  timeWindowMs: number;
}

/** How often a process deletes ended windows. */
const PRUNE_EVERY_MS = 60_000;
const lastPrune = new WeakMap<Db, number>();

/** The hits of `bucket` in its current window, counted in the database, as @fastify/rate-limit wants them. */
export async function countHit(
  db: Db,
  bucket: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  if (now - (lastPrune.get(db) ?? 0) >= PRUNE_EVERY_MS) {
    lastPrune.set(db, now);
    await pruneRateLimits(db, nowText);
  }
  const row = await countRateLimitHit(db, bucket, nowText, new Date(now + timeWindowMs).toISOString());
  return { current: row.hits, ttl: Math.max(0, Date.parse(row.reset_at) - now) };
}

/**
 * The row of a limit and client address. An address is short, but behind a trusted proxy it comes from
 * a header the client may fill, so a long one is hashed to fit the column.
 */
export function bucketOf(name: string, address: string): string {
  return `${name}:${address.length <= 64 ? address : sha256(address)}`;
}

/**
 * Registers `routes` in a scope limited to `limit.max` requests per client address and window, counted
 * under `name` (distinct limits need distinct names; the same name shares one count).
 */
export function registerRateLimited(
  app: FastifyInstance,
  db: Db,
  limit: RateLimit & { name: string },
  routes: (scope: FastifyInstance) => void,
): void {
  class DatabaseStore {
    incr(key: string, done: (err: Error | null, res?: { current: number; ttl: number }) => void): void {
      countHit(db, bucketOf(limit.name, key), limit.timeWindowMs).then(
        (res) => done(null, res),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): DatabaseStore {
      return this;
    }
  }

  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      store: DatabaseStore,
      // req.ip honours the app's trustProxy setting (the client address behind a reverse proxy).
      keyGenerator: (req) => req.ip,
      errorResponseBuilder: () =>
        new AppError(429, ERROR_CODES.tooManyAttempts, AUTH_MESSAGES.tooManyAttempts),
    });
    routes(scope);
  });
}
