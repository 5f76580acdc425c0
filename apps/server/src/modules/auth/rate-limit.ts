/**
 * Per-IP rate limits of the sign-in endpoints. Each call registers an encapsulated Fastify scope with
 * its own counter, so the limit covers exactly the routes registered inside it and no other module.
 */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES, auth } from '@tessera/contract';
import { AppError } from '../../http/errors.ts';

const { AUTH_MESSAGES } = auth;

export interface RateLimit {
  /** Requests allowed per IP within the window, over all routes of the scope together. */
  max: number;
  timeWindowMs: number;
}

export function registerRateLimited(
  app: FastifyInstance,
  limit: RateLimit,
  routes: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      // req.ip honours the app's trustProxy setting (the client address behind a reverse proxy).
      keyGenerator: (req) => req.ip,
      errorResponseBuilder: () =>
        new AppError(429, ERROR_CODES.tooManyAttempts, AUTH_MESSAGES.tooManyAttempts),
    });
    routes(scope);
  });
}
