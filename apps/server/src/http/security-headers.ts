/**
 * Security headers (helmet's set, with our CSP), computed once at start and set on every answer.
 * @fastify/helmet runs helmet's middleware per request, which re-parses the CSP each time: more work than
 * a whole tile answer. Our headers never vary by request (no CSP nonces: the built app has no inline
 * scripts), so one object is enough.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion inject style elements at run time
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet would set, read off a stand-in response. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => (isDone = true));
  if (!isDone) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * What protects an image answer: a browser applies the document policies (CSP, frame options, HSTS aside)
 * to documents and workers, never to an image, so tiles — dozens a second per viewer — carry only these.
 */
const IMAGE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  const imageHeaders = Object.fromEntries(IMAGE_HEADERS.map((name) => [name, headers[name]!]));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.routeOptions.config.responseTypes ? imageHeaders : headers);
    done();
  });
}
