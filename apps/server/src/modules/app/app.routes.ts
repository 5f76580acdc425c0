/** The version file and the user-manual confirmation (spec 1 §4 app version states). */
import type { FastifyInstance } from 'fastify';
import { app as contract } from '@tessera/contract';
import { APP_VERSION } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import { confirmManualRead } from './app.queries.ts';

export function registerAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Maintenance answers 503 for the version file too (the maintenance hook in http/app.ts);
  // no-store so that the poll sees a new deployment at once.
  addRoute(app, ctx.guard, contract.getVersion, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { version: APP_VERSION };
  });

  addRoute(app, ctx.guard, contract.confirmManualRead, async ({ actor }) => {
    const manualVersion = ctx.settings.manualVersion();
    await confirmManualRead(ctx.db, actor.userId, manualVersion);
    return { manualVersion };
  });
}
