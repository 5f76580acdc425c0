/**
 * How every endpoint is described: one object per endpoint holding its method, path, zod schemas and
 * the access it needs. The server registers routes from these objects (so no route exists without a
 * declared access), the web's typed client calls through them, and OpenAPI is generated from them.
 */
import type { z } from 'zod';
import type { Permission } from '@tessera/domain';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - public: anyone, signed in or not (login steps, version file).
 * - authenticated: any signed-in user.
 * - global: a signed-in user whose system roles grant `permission`.
 * - project: the path has :projectId; the user must see the project (member, or a system role that
 *   sees all) and, when `permission` is set, hold it there (project role ∪ system roles). When `anyOf`
 *   is set instead (permission null), holding any one of those permissions is enough: the spec has
 *   rules like "projectMembersManage, or externalUserManage for external members" whose finer part the
 *   service checks, while the guard still refuses callers holding neither.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'global'; permission: Permission }
  | { kind: 'project'; permission: Permission | null; anyOf?: readonly Permission[]; refusal?: Refusal };

/**
 * The 403 a project route answers instead of the generic FORBIDDEN when the caller lacks its permission:
 * where a client shows the reason to people (spec 2 §8 'Unable to overwrite landmarks: {reason}') or
 * tells this refusal apart by its code. The guard still refuses before any body is read.
 */
export interface Refusal {
  code: string;
  message: string;
}

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path, e.g. /v1/projects/:projectId */
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (status 200 unless `status` says otherwise). */
  response: z.ZodType;
  /**
   * The answer is of these media types (images, files, a stream of lines) rather than one JSON
   * document; OpenAPI lists them, and the answer carries only the headers that protect a non-document.
   */
  responseTypes?: readonly string[];
  /**
   * Request bodies may be this large (default 64 KiB: http/app.ts, which fits every body of ours but
   * the ones that declare more). The server reads no body before the caller passed the route's access.
   */
  bodyLimitBytes?: number;
  /**
   * The body travels as NDJSON (`application/x-ndjson`): its other fields as the first line, then one
   * element of the array `key` per line, each at most `maxLineLength` characters, at most `maxRows` of them
   * (more is refused as the line arrives, before memory fills with rows). The server reads it line
   * by line as it arrives (http/body.ts), so a big body is never one string or one long parse; the
   * assembled value is then checked by `body` like any other. JSON bodies are refused on such routes.
   */
  bodyRows?: { key: string; maxLineLength: number; maxRows: number };
  /**
   * The answer is serialized without checking it against `response` first. Only for large answers made
   * row by row from the database (grid blocks), where the check copies every row (about a millisecond a
   * block of 100 slides) and the rows are open records anyway; the database tests check their content.
   */
  isResponseUnchecked?: boolean;
  status?: 200 | 201 | 204;
}

/** Keeps the literal type of a route so handlers and the client see its exact schemas and access kind. */
export const defineRoute = <const D extends RouteDef>(def: D): D => def;

/** The parsed type of a route part (params, query, body), or undefined when the route has none. */
export type RoutePart<D, K extends 'params' | 'query' | 'body'> = D extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.infer<S>
  : undefined;
/** The input type of a route part, as a client sends it (defaults not yet applied). */
export type RouteInput<D, K extends 'params' | 'query' | 'body'> = D extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

export const publicAccess = { kind: 'public' } as const;
export const authenticated = { kind: 'authenticated' } as const;
export const globalPermission = <P extends Permission>(permission: P) =>
  ({ kind: 'global', permission }) as const;
export const projectPermission = <P extends Permission | null>(permission: P) =>
  ({ kind: 'project', permission }) as const;
/** A project route needing `permission`, refused with the route's own code and message (see Refusal). */
export const projectPermissionOr = <P extends Permission>(permission: P, refusal: Refusal) =>
  ({ kind: 'project', permission, refusal }) as const;
/** A project route open to holders of any one of `permissions` (at least two; use projectPermission for one). */
export const projectAnyPermission = <const P extends readonly [Permission, Permission, ...Permission[]]>(
  ...permissions: P
) => ({ kind: 'project', permission: null, anyOf: permissions }) as const;

/**
 * The permissions a project route asks for, any one of which is enough; empty when membership alone
 * (or seeing all projects) is enough. The guard and the route × role test both read access through this.
 */
export function projectPermissionsRequired(
  access: Extract<Access, { kind: 'project' }>,
): readonly Permission[] {
  if (access.anyOf && access.anyOf.length > 0) return access.anyOf;
  return access.permission ? [access.permission] : [];
}

/**
 * The NDJSON lines of a body for a route that declares `bodyRows`: the body's other fields, then one
 * line per row. Every client (the web, tests, benchmarks) sends such bodies through this.
 */
export function bodyRowsLines(
  def: RouteDef & { bodyRows: NonNullable<RouteDef['bodyRows']> },
  body: object,
): string[] {
  const { [def.bodyRows.key]: rows, ...head } = body as Record<string, unknown>;
  return [JSON.stringify(head), ...(Array.isArray(rows) ? rows : []).map((row) => JSON.stringify(row))];
}
