import { z } from 'zod';
import { defineRoute, publicAccess, authenticated } from './route.ts';

/** GET /version.json (fixed interface): served from the app origin without caching; 503 in maintenance. */
export const getVersion = defineRoute({
  method: 'GET',
  path: '/version.json',
  summary: 'The running application version',
  tags: ['app'],
  access: publicAccess,
  response: z.object({ version: z.string() }),
});

export const confirmManualRead = defineRoute({
  method: 'POST',
  path: '/v1/me/manual-confirmation',
  summary: 'Confirm the current user manual was read (clears the manual-not-read state)',
  tags: ['app'],
  access: authenticated,
  response: z.object({ manualVersion: z.string() }),
});
