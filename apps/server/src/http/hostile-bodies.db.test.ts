/**
 * No input ends or stalls a process (DESIGN §14, issue 10 points 1–2). Every registered route that takes
 * a body (walked like the route × role test: the list comes from the application) gets, over a real
 * socket:
 * - from a caller the guard lets in: a deeply nested body (the 10 KB `[[[…]]]` that once overflowed the
 *   stack in a size check), a body over the route's limit, and the other body encoding;
 * - from an anonymous caller on a non-public route: a large nested body, refused before it is read;
 * and the server must answer each with a 4xx and keep serving.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { JSON_MAX_DEPTH, JSON_MESSAGES } from '@tessera/domain';
import { DEFAULT_BODY_LIMIT_BYTES } from './app.ts';
import { NDJSON } from './body.ts';
import { DIALECTS, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { registeredRoutes, routePath, type RegisteredRoute } from '../../test/registered-routes.ts';

const BODY_ROUTES = (await registeredRoutes()).filter((r) =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
);
const nested = (depth: number) => `{"state":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const randomId = () => crypto.randomBytes(12).toString('hex');
const addressOf = (route: RegisteredRoute) =>
  `10.0.${Math.floor(BODY_ROUTES.indexOf(route) / 250)}.${(BODY_ROUTES.indexOf(route) % 250) + 1}`;

describe.each(DIALECTS)('hostile bodies [%s]', (dialect) => {
  let server: (TestServer & { stop(): Promise<void> }) | undefined;
  let admin: TestUser;
  let projectId: string;
  const t = () => server!;

  beforeAll(async () => {
    // Each route's calls come from their own address (X-Forwarded-For), so the per-address sign-in limit
    // of /v1/auth/* counts them apart.
    server = await startTestServer(dialect, { trustProxy: true }, { listen: true });
    admin = await t().createUser({ systemRoles: ['systemSuperUser'] });
    projectId = (await t().createProject({ members: [{ user: admin, role: 'projectAdmin' }] })).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function send(
    route: RegisteredRoute,
    body: string | Uint8Array,
    opts: { type?: string; token?: string | null } = {},
  ) {
    const res = await fetch(t().ctx.config.publicUrl + routePath(route, projectId, randomId), {
      method: route.method,
      headers: {
        'x-forwarded-for': addressOf(route),
        'content-type': opts.type ?? 'application/json',
        ...(opts.token === null ? {} : { authorization: `Bearer ${opts.token ?? admin.token}` }),
      },
      body,
    });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    return { status: res.status, code, text };
  }

  async function isServing() {
    const res = await fetch(`${t().ctx.config.publicUrl}/v1/me`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    return res.status;
  }

  it.each(BODY_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s refuses nested, oversized and foreign bodies',
    async (_name, route) => {
      const type = route.bodyRows ? NDJSON : 'application/json';
      const deep = await send(route, nested(5000), { type });
      expect(deep.status, deep.text).toBe(400);
      expect(deep.text).toContain(JSON_MESSAGES.tooDeep(JSON_MAX_DEPTH));

      const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES;
      // A valid JSON document just over the limit (for NDJSON routes: one line over the line limit).
      const size = route.bodyRows ? route.bodyRows.maxLineLength + 1 : limit + 1;
      const big = await send(route, `{"x":"${'a'.repeat(size)}"}`, { type });
      expect(big.status, big.text).toBe(413);
      expect(big.code).toBe(ERROR_CODES.payloadTooLarge);

      const foreign = await send(route, '{}', { type: route.bodyRows ? 'application/json' : NDJSON });
      expect(foreign.status, foreign.text).toBe(415);
      expect(foreign.code).toBe(ERROR_CODES.unsupportedMediaType);

      if (route.access?.kind !== 'public') {
        // Refused before the body is read: 8 MB of '[' costs the server nothing.
        const anonymous = await send(route, '['.repeat(8 * 1024 * 1024), { type, token: null });
        expect(anonymous.status, anonymous.text).toBe(401);
      }
      expect(await isServing()).toBe(200);
    },
  );

  it('bounds the rows of an NDJSON body as they arrive', async () => {
    const route = BODY_ROUTES.find((r) => r.bodyRows)!;
    const body = '{"fileName":"many.csv"}\n' + '{}\n'.repeat(route.bodyRows!.maxRows + 1);
    const res = await send(route, body, { type: NDJSON });
    expect(res.status, res.text).toBe(413);
    expect(res.text).toContain(`more than ${route.bodyRows!.maxRows} rows`);
  });

  it('bounds an NDJSON body as a whole, not only its lines', async () => {
    const route = BODY_ROUTES.find((r) => r.bodyRows)!;
    const line = `{"line":2,"cells":["${'a'.repeat(1000)}"]}\n`;
    const body = Buffer.from(
      '{"fileName":"big.csv"}\n' + line.repeat(Math.ceil((route.bodyLimit ?? 0) / line.length) + 1),
    );
    const res = await send(route, body, { type: NDJSON });
    expect(res.status, res.text).toBe(413);
    expect(await isServing()).toBe(200);
  });
});
