/** Every feature module's routes, registered in one place so the route × role test sees them all. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerAppRoutes } from './app/app.routes.ts';
import { registerProjectRoutes } from './projects/projects.routes.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAppRoutes(app, ctx);
  registerProjectRoutes(app, ctx);
}
