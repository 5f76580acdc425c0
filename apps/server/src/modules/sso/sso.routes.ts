/**
 * Single sign-on routes. /start and /callback are browser navigations answered with 302 (their
 * contract's 200 answer is never sent); discover and exchange are JSON calls of the login page.
 */
import type { FastifyInstance } from 'fastify';
import { sso as contract } from '@tessera/contract';
import { SSO_MESSAGES } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { addRoute } from '../../http/route.ts';
import { DEFAULT_AUTH_LIMITS } from '../auth/auth.routes.ts';
import { registerRateLimited } from '../auth/rate-limit.ts';
import { createOidcClients } from './sso.oidc.ts';
import * as service from './sso.service.ts';

export function registerSsoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const oidc = createOidcClients();

  // Per-address limit like the other sign-in calls, so discover and exchange cannot be hammered.
  registerRateLimited(app, ctx.db, { name: 'sso', ...DEFAULT_AUTH_LIMITS.tokens }, (scope) => {
    addRoute(scope, ctx.guard, contract.discover, async ({ body }) =>
      service.discoverProvider(ctx, body.email),
    );

    addRoute(scope, ctx.guard, contract.start, async ({ params, query, req, reply }) => {
      let target: string;
      try {
        const started = await service.startSso(ctx, oidc, params.providerId, {
          email: query.email,
          remember: query.remember === 'true',
        });
        reply.header('set-cookie', started.cookie);
        target = started.location;
      } catch (err) {
        if (err instanceof AppError) throw err; // unknown provider: 404
        req.log.error({ err, provider: params.providerId }, 'single sign-on provider unavailable');
        target = service.loginPageUrl(ctx, { ssoError: SSO_MESSAGES.failed });
      }
      // Awaiting the reply waits until the redirect is written, so addRoute's status cannot touch it.
      await reply.header('cache-control', 'no-store').redirect(target, 302);
      return undefined;
    });

    addRoute(scope, ctx.guard, contract.callback, async ({ params, query, req, reply }) => {
      const target = await service.completeSso(ctx, oidc, params.providerId, req, query);
      // Awaiting the reply waits until the redirect is written, so addRoute's status cannot touch it.
      await reply.header('cache-control', 'no-store').redirect(target, 302);
      return undefined;
    });

    addRoute(scope, ctx.guard, contract.exchange, async ({ body, req, reply }) => {
      const answer = await service.exchangeSsoCode(ctx, req, body.code);
      // The binding has done its job; the browser forgets it.
      reply.header('set-cookie', service.browserCookie(ctx, '', 0)).header('cache-control', 'no-store');
      return answer;
    });
  });
}
