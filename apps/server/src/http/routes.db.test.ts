/**
 * The route × role test (DESIGN §6, STYLE habit 5): every registered route, called by every project
 * role, every system role alone, a user without system roles and an anonymous caller, must be let
 * through or refused exactly as its declared access and the permission table of packages/domain say.
 *
 * The route list is read from the application itself (an onRoute hook), never written here, so a route
 * added later is covered without touching this file. Each call gets a fresh session and a fresh project
 * (the caller its only member, when a member at all), so routes that change state (logout, delete) cannot
 * disturb the next call. Bodies are empty: the guard runs before validation, so what it decides is all
 * an empty body can reach; a guard code (UNAUTHENTICATED, FORBIDDEN or the route's declared refusal,
 * PROJECT_NOT_FOUND) where the declared access lets the caller in means the route checks more than it
 * declares, which is a finding.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@tessera/contract';
import { ERROR_CODES, projectPermissionsRequired, type Access, type RouteDef } from '@tessera/contract';
import {
  canSeeAllProjects,
  permissionsOf,
  PROJECT_ROLES,
  SYSTEM_ROLES,
  type ProjectRole,
  type SystemRole,
} from '@tessera/domain';
import { DIALECTS, startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import { registeredRoutes, routePath, type RegisteredRoute } from '../../test/registered-routes.ts';

const ROUTES = await registeredRoutes();

/** Every endpoint described in packages/contract (the namespaces' defineRoute objects). */
const CONTRACT_ROUTES: RouteDef[] = (Object.values(contract) as unknown[])
  .filter((ns): ns is Record<string, unknown> => typeof ns === 'object' && ns !== null && !Array.isArray(ns))
  .flatMap((ns) => Object.values(ns))
  .filter(
    (v): v is RouteDef =>
      typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v,
  );

type Caller =
  | { label: string; kind: 'anonymous' }
  | {
      label: string;
      kind: 'user';
      systemRoles: SystemRole[];
      projectRole: ProjectRole | null;
      external: boolean;
    };

/** Project roles with the system role such a member usually has; system roles alone; no roles; nobody. */
const CALLERS: Caller[] = [
  ...PROJECT_ROLES.map((role): Caller => {
    const external = role === 'projectExternal';
    return {
      label: `member ${role}`,
      kind: 'user',
      systemRoles: [external ? 'externalUser' : 'internalUser'],
      projectRole: role,
      external,
    };
  }),
  ...SYSTEM_ROLES.map(
    (role): Caller => ({
      label: role === 'internalUser' ? 'non-member internal user' : `non-member ${role}`,
      kind: 'user',
      systemRoles: [role],
      projectRole: null,
      external: role === 'externalUser',
    }),
  ),
  {
    label: 'non-member without system roles',
    kind: 'user',
    systemRoles: [],
    projectRole: null,
    external: true,
  },
  { label: 'anonymous', kind: 'anonymous' },
];

type GuardCode =
  | typeof ERROR_CODES.unauthenticated
  | typeof ERROR_CODES.forbidden
  | typeof ERROR_CODES.projectNotFound;
const GUARD_STATUS: Record<GuardCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PROJECT_NOT_FOUND: 404,
};
const GUARD_CODES = new Set<string>(Object.keys(GUARD_STATUS));

/** What the guard must answer for this caller on a route with this access; null when it must let the call through. */
function expectedGuardAnswer(access: Access, caller: Caller): GuardCode | null {
  if (access.kind === 'public') return null;
  if (caller.kind === 'anonymous') return ERROR_CODES.unauthenticated;
  if (access.kind === 'authenticated') return null;
  if (access.kind === 'global')
    return permissionsOf({ systemRoles: caller.systemRoles, projectRole: null }).has(access.permission)
      ? null
      : ERROR_CODES.forbidden;
  if (!caller.projectRole && !canSeeAllProjects(caller.systemRoles)) return ERROR_CODES.projectNotFound;
  const held = permissionsOf({
    systemRoles: caller.systemRoles,
    projectRole: caller.projectRole,
    projectIsHome: false,
  });
  const required = projectPermissionsRequired(access);
  return required.length === 0 || required.some((p) => held.has(p)) ? null : ERROR_CODES.forbidden;
}

const randomId = () => crypto.randomBytes(12).toString('hex');
const describeAccess = (a: Access | undefined) =>
  !a
    ? 'NO ACCESS'
    : a.kind === 'global'
      ? `global ${a.permission}`
      : a.kind === 'project'
        ? `project ${projectPermissionsRequired(a).join('|') || 'member'}`
        : a.kind;

describe('the route table', () => {
  it('is read from the application and is not empty', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(5);
  });

  it('declares an access on every route', () => {
    expect(ROUTES.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('scopes a route by :projectId exactly when it is a project route', () => {
    const wrong = ROUTES.filter(
      (r) => r.access && (r.access.kind === 'project') !== r.url.includes(':projectId'),
    );
    expect(wrong.map((r) => `${r.method} ${r.url} (${describeAccess(r.access)})`)).toEqual([]);
  });

  it('registers every endpoint of the contract, with the access the contract declares', () => {
    expect(CONTRACT_ROUTES.length).toBeGreaterThanOrEqual(5);
    const registered = new Map(ROUTES.map((r) => [`${r.method} ${r.url}`, r.access]));
    const missing = CONTRACT_ROUTES.filter((d) => !registered.has(`${d.method} ${d.path}`)).map(
      (d) => `${d.method} ${d.path}`,
    );
    expect(missing).toEqual([]);
    for (const d of CONTRACT_ROUTES)
      expect(registered.get(`${d.method} ${d.path}`), `${d.method} ${d.path}`).toEqual(d.access);
  });
});

describe.each(DIALECTS)('route × role [%s]', (dialect) => {
  let server: (TestServer & { stop(): Promise<void> }) | undefined;
  const users = new Map<string, TestUser>();
  const t = () => {
    if (!server) throw new Error('test server not started');
    return server;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const c of CALLERS)
      if (c.kind === 'user')
        users.set(
          c.label,
          await t().createUser({
            systemRoles: c.systemRoles,
            email: `${c.label.replace(/\W+/g, '.')}.${randomId().slice(0, 6)}@${c.external ? 'partner-lab.org' : 'tessera.test'}`,
          }),
        );
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** One call as `caller`, with a fresh session and a fresh project the caller belongs to (or not). */
  async function callAs(route: RegisteredRoute, caller: Caller) {
    const user = caller.kind === 'user' ? users.get(caller.label) : undefined;
    const member =
      user && caller.kind === 'user' && caller.projectRole ? [{ user, role: caller.projectRole }] : [];
    const project = await t().createProject({ members: member });
    const url = routePath(route, project.id, randomId);
    const headers: Record<string, string> = {};
    if (user) headers.authorization = `Bearer ${(await t().tokens.startSession(user.id, false)).accessToken}`;
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    return t().app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(hasBody ? { payload: {} } : {}),
    });
  }

  it.each(ROUTES.map((r) => [`${r.method} ${r.url} (${describeAccess(r.access)})`, r] as const))(
    '%s',
    async (_name, route) => {
      const access = route.access;
      expect(access, 'every route declares its access').toBeDefined();
      if (!access) return;
      const findings: string[] = [];
      for (const caller of CALLERS) {
        const res = await callAs(route, caller);
        let code: string | undefined;
        try {
          code = (res.json() as { code?: string }).code;
        } catch {
          code = undefined; // not JSON: not an answer of the guard
        }
        const expected = expectedGuardAnswer(access, caller);
        // A route that declares its own refusal answers it where the guard would say FORBIDDEN.
        const refusal = access.kind === 'project' ? access.refusal?.code : undefined;
        const expectedCode = expected === ERROR_CODES.forbidden && refusal ? refusal : expected;
        const got = `${res.statusCode} ${code ?? '-'}`;
        if (expected && (res.statusCode !== GUARD_STATUS[expected] || code !== expectedCode))
          findings.push(`${caller.label}: expected ${GUARD_STATUS[expected]} ${expectedCode}, got ${got}`);
        if (!expected && code && (GUARD_CODES.has(code) || code === refusal))
          findings.push(`${caller.label}: expected to pass the guard, got ${got}`);
        if (res.statusCode >= 500)
          findings.push(`${caller.label}: an empty request must not fail the server, got ${got}`);
      }
      expect(findings).toEqual([]);
    },
  );
});
