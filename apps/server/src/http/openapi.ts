/**
 * The OpenAPI document as checked in at docs/openapi.json (`npm run openapi` writes it; a test fails when
 * it is stale). Built from the real app on a throw-away in-memory database, so it lists exactly the
 * registered routes and their contract schemas.
 */
import { loadConfig } from '../config.ts';
import { compose } from '../compose.ts';
import { openDatabase } from '../db/database.ts';
import { buildApp } from './app.ts';

export async function renderOpenApi(): Promise<string> {
  const config = { ...loadConfig({}), jwtSecret: 'x'.repeat(32), ssoProviders: [] };
  const composed = await compose(config, { handle: openDatabase(':memory:'), log: () => {} });
  const app = await buildApp(composed.ctx, { serveWeb: false });
  await app.ready();
  const text = JSON.stringify(app.swagger(), null, 2) + '\n';
  await app.close();
  await composed.handle.close();
  return text;
}
