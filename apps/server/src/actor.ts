/** Who is calling: resolved once per request from a bearer access token or API key. */
import type { Permission, ProjectRole, SystemRole } from '@tessera/domain';

export interface Actor {
  userId: string;
  email: string;
  username: string;
  systemRoles: SystemRole[];
  isSsoUser: boolean;
  /** Set when signed in with an access token; null for API keys (nothing to revoke on logout). */
  sessionId: string | null;
  manualVersionRead: string;
}

/** The project a project-scoped route works in, with what the actor may do there. */
export interface ProjectScope {
  id: string;
  isHome: boolean;
  role: ProjectRole | null;
  permissions: ReadonlySet<Permission>;
}

/** Turns an Authorization bearer value into an actor, or null when it is not valid (any reason). */
export interface Authenticator {
  authenticate(bearer: string): Promise<Actor | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    project: ProjectScope | null;
  }
  interface FastifyContextConfig {
    /** Set by addRoute from the contract; every /v1 route has one (tested by the route × role test). */
    access?: import('@tessera/contract').Access;
    /** Media types of a binary answer (images), from the contract; OpenAPI lists them instead of JSON. */
    responseTypes?: readonly string[];
  }
}
