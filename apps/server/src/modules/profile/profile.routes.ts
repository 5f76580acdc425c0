/** /v1/me*: the signed-in user, password change (rate-limited like sign-in) and API keys. */
import type { FastifyInstance } from 'fastify';
import { profile as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import { DEFAULT_AUTH_LIMITS, metaOf } from '../auth/auth.routes.ts';
import { registerRateLimited, type RateLimit } from '../auth/rate-limit.ts';
import * as service from './profile.service.ts';

export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { passwordChange?: RateLimit } = {},
): void {
  addRoute(app, ctx.guard, contract.getMe, async ({ actor }) => service.getMe(ctx, actor));
  addRoute(app, ctx.guard, contract.listApiKeys, ({ actor }) => service.listApiKeys(ctx, actor));
  addRoute(app, ctx.guard, contract.createApiKey, ({ actor, req }) =>
    service.createApiKey(ctx, actor, metaOf(req)),
  );
  // The old password is a secret to guess, so this route is limited like the sign-in endpoints.
  const limit = opts.passwordChange ?? DEFAULT_AUTH_LIMITS.credentials;
  registerRateLimited(app, ctx.db, { name: 'passwordChange', ...limit }, (scope) => {
    addRoute(scope, ctx.guard, contract.changePassword, ({ actor, body, req }) =>
      service.changePassword(ctx, actor, body, metaOf(req)),
    );
  });
}
