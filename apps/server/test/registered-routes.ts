/**
 * Every route the application registers, read through buildApp's onRoute hook of a throwaway app, never
 * written down in a test: the route × role test and the hostile-body test cover a route added later
 * without being touched.
 */
import type { RouteOptions } from 'fastify';
import type { Access, RouteDef } from '@tessera/contract';
import { compose } from '../src/compose.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildApp } from '../src/http/app.ts';
import { memoryMailer, testConfig } from './harness.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's own body limit; undefined when it takes the application's default. */
  bodyLimit: number | undefined;
  bodyRows: RouteDef['bodyRows'];
}

export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const handle = openDatabase(':memory:');
  const composed = await compose(testConfig(), { handle, mailer: memoryMailer(), log: () => {} });
  const found: RegisteredRoute[] = [];
  const onRoute = (r: RouteOptions) => {
    const config = r.config as { access?: Access; bodyRows?: RouteDef['bodyRows'] } | undefined;
    for (const method of [r.method].flat())
      found.push({
        method,
        url: r.url,
        access: config?.access,
        bodyLimit: r.bodyLimit,
        bodyRows: config?.bodyRows,
      });
  };
  const app = await buildApp(composed.ctx, { serveWeb: false, onRoute });
  await app.ready();
  await app.close();
  await composed.close();
  await handle.close();
  // Fastify adds a HEAD twin to every GET; it runs the same guard, so the GET stands for both.
  const gets = new Set(found.filter((r) => r.method === 'GET').map((r) => r.url));
  return found.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

/** A route's path with its parameters filled: the project's id for :projectId, `fill()` for the others. */
export const routePath = (route: RegisteredRoute, projectId: string, fill: () => string) =>
  route.url
    .replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => (name === 'projectId' ? projectId : fill()))
    .replace(/\*/g, 'x');
