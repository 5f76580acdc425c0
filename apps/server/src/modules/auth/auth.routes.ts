/** /v1/auth/*: sign-in and its steps, forgot password, refresh and logout, all rate-limited per IP. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auth as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import { prepareThrowawayHash, type RequestMeta } from './credentials.ts';
import * as reset from './password-reset.service.ts';
import { registerRateLimited, type RateLimit } from './rate-limit.ts';
import * as signIn from './sign-in.service.ts';

export interface AuthRouteOptions {
  /** Endpoints that check a secret (password, code). Default 20 per minute per IP. */
  credentials?: RateLimit;
  /** Refresh and logout, which a busy client calls often. Default 120 per minute per IP. */
  tokens?: RateLimit;
}

export const DEFAULT_AUTH_LIMITS: Required<AuthRouteOptions> = {
  credentials: { max: 20, timeWindowMs: 60_000 },
  tokens: { max: 120, timeWindowMs: 60_000 },
};

export const metaOf = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, log: req.log });

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, opts: AuthRouteOptions = {}): void {
  const limits = { ...DEFAULT_AUTH_LIMITS, ...opts };
  void prepareThrowawayHash();
  registerRateLimited(app, ctx.db, { name: 'signIn', ...limits.credentials }, (scope) => {
    addRoute(scope, ctx.guard, contract.login, ({ body, req }) => signIn.login(ctx, body, metaOf(req)));
    addRoute(scope, ctx.guard, contract.respondToTotpChallenge, ({ body, req }) =>
      signIn.respondToTotpChallenge(ctx, body, metaOf(req)),
    );
    addRoute(scope, ctx.guard, contract.setupTotp, ({ body }) => signIn.setupTotp(ctx, body));
    addRoute(scope, ctx.guard, contract.verifyTotpSetup, ({ body, req }) =>
      signIn.verifyTotpSetup(ctx, body, metaOf(req)),
    );
    addRoute(scope, ctx.guard, contract.setNewPassword, ({ body, req }) =>
      signIn.setNewPassword(ctx, body, metaOf(req)),
    );
    addRoute(scope, ctx.guard, contract.forgotPassword, ({ body, req }) =>
      reset.forgotPassword(ctx, body, metaOf(req)),
    );
    addRoute(scope, ctx.guard, contract.confirmForgotPassword, ({ body, req }) =>
      reset.confirmForgotPassword(ctx, body, metaOf(req)),
    );
  });
  registerRateLimited(app, ctx.db, { name: 'tokens', ...limits.tokens }, (scope) => {
    addRoute(scope, ctx.guard, contract.refresh, ({ body, req }) =>
      signIn.refreshTokens(ctx, body.refreshToken, metaOf(req)),
    );
    addRoute(scope, ctx.guard, contract.logout, async ({ actor, req }) => {
      await signIn.logout(ctx, actor, metaOf(req));
      return null;
    });
  });
}
