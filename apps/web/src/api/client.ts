/**
 * The typed API client: every call goes through a contract RouteDef from @tessera/contract, so the
 * web and the server cannot disagree on paths or shapes. Error bodies are parsed for code and message
 * (spec 1 §8): a missing code becomes the internal server error code, an unparseable body 'Internal error'.
 */
import type { z } from 'zod';
import { bodyRowsLines, ERROR_CODES, type RouteDef, type RouteInput } from '@tessera/contract';
import { clearSession, isRemembered, loadSession, saveSession } from './session-store.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CallInput<D extends RouteDef> {
  params?: RouteInput<D, 'params'>;
  query?: RouteInput<D, 'query'>;
  body?: RouteInput<D, 'body'>;
  signal?: AbortSignal;
}

/** Listeners told about every request start and end (the busy indicator counts them). */
type RequestListener = (delta: 1 | -1) => void;
const listeners = new Set<RequestListener>();
export function onRequestActivity(listener: RequestListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when the session cannot be refreshed: the app goes back to /login. */
let onSignedOut: () => void = () => {};
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

export function pathOf(
  def: RouteDef,
  params: Record<string, string> = {},
  query?: Record<string, unknown>,
): string {
  const path = def.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

async function errorOf(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown };
    const message = typeof body.message === 'string' ? body.message : 'Internal error';
    return new ApiError(
      res.status,
      typeof body.code === 'string' ? body.code : ERROR_CODES.internal,
      message,
    );
  } catch {
    return new ApiError(res.status, ERROR_CODES.internal, 'Internal error');
  }
}

let refreshing: Promise<boolean> | null = null;
/**
 * Exchanges the refresh token for new tokens once, however many requests are waiting for it. The server
 * ends the whole session when a rotated refresh token comes again, so tabs sharing the stored session
 * (remember me: localStorage) take turns through a Web Lock, and a tab that then finds a token other
 * than the one it saw (another tab refreshed meanwhile) uses that one instead of sending its own.
 */
function refreshTokens(): Promise<boolean> {
  const seen = loadSession()?.refreshToken;
  refreshing ??= withRefreshLock(async () => {
    const session = loadSession();
    if (!session) return false;
    if (session.refreshToken !== seen) return true;
    const res = await fetch('/v1/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
    });
    if (!res.ok) return false;
    saveSession(
      (await res.json()) as { accessToken: string; refreshToken: string; expiresIn: number },
      isRemembered(),
    );
    return true;
  }).finally(() => (refreshing = null));
  return refreshing;
}

/** Runs `work` holding the refresh lock of every tab of this origin (where the browser has Web Locks). */
async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return work();
  return await navigator.locks.request('tessera.refresh', work);
}

/**
 * Sends one request of a route with the session's token, refreshing it once when needed, and answers
 * the successful Response; a failure becomes an ApiError. Every request counts for the busy indicator.
 */
async function send<D extends RouteDef, T>(
  def: D,
  input: CallInput<D>,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  for (const l of listeners) l(1);
  try {
    let session = loadSession();
    if (session && Date.now() > session.refreshAt && def.access.kind !== 'public') {
      await refreshTokens();
      session = loadSession();
    }
    const body = input.body !== undefined ? encodeBody(def, input.body) : null;
    const attempt = (token: string | undefined) =>
      fetch(
        pathOf(
          def,
          input.params as Record<string, string> | undefined,
          input.query as Record<string, unknown> | undefined,
        ),
        {
          method: def.method,
          headers: {
            ...(body ? { 'content-type': body.type } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body?.content ?? null,
          signal: input.signal ?? null,
        },
      );
    let res = await attempt(session?.accessToken);
    if (res.status === 401 && session && def.access.kind !== 'public') {
      if (await refreshTokens()) res = await attempt(loadSession()?.accessToken);
      else {
        clearSession();
        onSignedOut();
      }
    }
    if (!res.ok) throw await errorOf(res);
    return await read(res);
  } finally {
    for (const l of listeners) l(-1);
  }
}

/**
 * A request body as the route takes it: JSON text, or NDJSON for routes that declare `bodyRows` (the
 * body's other fields, then a line per row), assembled as a Blob so a big body is never one string.
 */
function encodeBody(def: RouteDef, body: unknown): { type: string; content: string | Blob } {
  if (!def.bodyRows) return { type: 'application/json', content: JSON.stringify(body) };
  const lines = bodyRowsLines({ ...def, bodyRows: def.bodyRows }, body as object);
  return {
    type: 'application/x-ndjson',
    content: new Blob(lines.map((line, i) => (i === 0 ? line : `\n${line}`))),
  };
}

/** Calls a JSON route. */
export function call<D extends RouteDef>(def: D, input: CallInput<D> = {}): Promise<z.output<D['response']>> {
  return send(def, input, async (res) =>
    res.status === 204
      ? (undefined as z.output<D['response']>)
      : ((await res.json()) as z.output<D['response']>),
  );
}

/**
 * Calls a route and hands its successful Response to `read` (streams: the CSV import's progress lines,
 * an export's file), with the same token handling, errors and busy counting as `call`.
 */
export function callWithResponse<D extends RouteDef, T>(
  def: D,
  input: CallInput<D>,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  return send(def, input, read);
}

/**
 * The session's access token, refreshed first when it is about to expire: for requests this client does
 * not send itself (the tus uploads: api/uploads.ts).
 */
export async function freshAccessToken(): Promise<string | undefined> {
  const session = loadSession();
  if (session && Date.now() > session.refreshAt) await refreshTokens();
  return loadSession()?.accessToken;
}

/** Counts long work (an upload) for the busy indicator, as a request is counted; call the answer when it ends. */
export function holdBusy(): () => void {
  for (const l of listeners) l(1);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    for (const l of listeners) l(-1);
  };
}

/**
 * GETs a URL built from a route (pathOf) that answers bytes, with the session's token and its refresh,
 * outside the busy indicator: the viewer's tiles, dozens a second while panning, are background work.
 */
export const fetchBlob = async (url: string, signal?: AbortSignal): Promise<Blob> =>
  (await fetchOk(url, signal)).blob();

/** As fetchBlob, the bytes as one buffer: typed-array answers (a blob would be copied out again). */
export const fetchBytes = async (url: string, signal?: AbortSignal): Promise<ArrayBuffer> =>
  (await fetchOk(url, signal)).arrayBuffer();

async function fetchOk(url: string, signal?: AbortSignal): Promise<Response> {
  const attempt = (token: string | undefined) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: signal ?? null });
  let session = loadSession();
  if (session && Date.now() > session.refreshAt) {
    await refreshTokens();
    session = loadSession();
  }
  let res = await attempt(session?.accessToken);
  if (res.status === 401 && session && (await refreshTokens()))
    res = await attempt(loadSession()?.accessToken);
  if (!res.ok) throw await errorOf(res);
  return res;
}

/** Calls a route that answers bytes (images): the token travels in a header, so an <img src> cannot do this. */
export function callForBlob<D extends RouteDef>(def: D, input: CallInput<D> = {}): Promise<Blob> {
  return send(def, input, (res) => res.blob());
}
