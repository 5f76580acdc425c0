/**
 * How request bodies are read (DESIGN §14: no input ends or stalls a process). Bodies are read only
 * after the guard let the caller in (route.ts runs it in onRequest), within the route's size limit, and
 * their nesting is bounded before JSON.parse, so nothing after (zod, JSON.stringify, services) walks
 * a value deep enough to overflow the stack.
 *
 * - application/json: read whole up to the route's bodyLimit (default 64 KiB, app.ts), depth-checked,
 *   then Fastify's own parser (prototype-poisoning keys refused).
 * - application/x-ndjson: only on routes whose contract declares `bodyRows` (the CSV import). Read line
 *   by line as it arrives: the first line holds the body's other fields, each further line one element of
 *   the rows array. No line may exceed the route's line limit, the whole not its bodyLimit, so a big body
 *   is never one string and never one long parse.
 */
import { StringDecoder } from 'node:string_decoder';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDef } from '@tessera/contract';
import { ERROR_CODES } from '@tessera/contract';
import { isJsonNestedDeeper, JSON_MAX_DEPTH, JSON_MESSAGES, parseBoundedJson } from '@tessera/domain';
import { AppError } from '../errors.ts';

export const NDJSON = 'application/x-ndjson';

type BodyRows = NonNullable<RouteDef['bodyRows']>;

const bodyRowsOf = (req: FastifyRequest): BodyRows | undefined =>
  (req.routeOptions.config as { bodyRows?: BodyRows } | undefined)?.bodyRows;

const tooLarge = (message: string) => new AppError(413, ERROR_CODES.payloadTooLarge, message);
const invalidJson = (message: string) => new AppError(400, ERROR_CODES.validation, message);
const lineTooLong = (lineNumber: number, rows: BodyRows) =>
  tooLarge(`Body line ${lineNumber} is longer than ${rows.maxLineLength} characters`);

export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (bodyRowsOf(req))
      return done(
        new AppError(415, ERROR_CODES.unsupportedMediaType, `This route takes ${NDJSON}`),
        undefined,
      );
    if (isJsonNestedDeeper(body as string))
      return done(invalidJson(JSON_MESSAGES.tooDeep(JSON_MAX_DEPTH)), undefined);
    parseJson(req, body as string, done);
  });
  app.addContentTypeParser(NDJSON, (req, payload, done) => {
    const rows = bodyRowsOf(req);
    if (!rows)
      return done(
        new AppError(415, ERROR_CODES.unsupportedMediaType, `This route does not take ${NDJSON}`),
        undefined,
      );
    readRows(payload, req.routeOptions.bodyLimit ?? 0, rows, done);
  });
}

/** Reads an NDJSON body into `{ ...first line, [rows.key]: further lines }`. */
function readRows(
  payload: NodeJS.ReadableStream,
  bodyLimit: number,
  rows: BodyRows,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const decoder = new StringDecoder('utf8');
  let received = 0;
  let pending = '';
  let lineNumber = 0;
  let head: Record<string, unknown> | null = null;
  const items: unknown[] = [];
  let isFinished = false;

  const finish = (error: Error | null) => {
    if (isFinished) return;
    isFinished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    if (error) return done(error);
    if (!head) return done(invalidJson('The body is empty'));
    done(null, { ...head, [rows.key]: items });
  };
  // Returns an error to stop at, or null.
  const takeLine = (line: string): Error | null => {
    lineNumber++;
    if (line.length > rows.maxLineLength) return lineTooLong(lineNumber, rows);
    if (line.trim() === '') return null;
    const parsed = parseBoundedJson(line);
    if (!parsed.ok) return invalidJson(`Body line ${lineNumber}: ${parsed.message}`);
    if (head) {
      if (items.length === rows.maxRows) return tooLarge(`The body holds more than ${rows.maxRows} rows`);
      items.push(parsed.value);
      return null;
    }
    const value = parsed.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.hasOwn(value, rows.key))
      return invalidJson(`The first body line must be an object without "${rows.key}"`);
    head = value as Record<string, unknown>;
    return null;
  };
  const takeLines = (isLast: boolean): Error | null => {
    let start = 0;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
      const error = takeLine(pending.slice(start, end));
      if (error) return error;
      start = end + 1;
    }
    pending = pending.slice(start);
    if (pending.length > rows.maxLineLength) return lineTooLong(lineNumber + 1, rows);
    if (isLast && pending) return takeLine(pending);
    return null;
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > bodyLimit) return finish(tooLarge(`The body is larger than ${bodyLimit} bytes`));
    pending += decoder.write(chunk);
    const error = takeLines(false);
    if (error) finish(error);
  };
  const onEnd = () => {
    pending += decoder.end();
    finish(takeLines(true));
  };
  const onError = (error: Error) => finish(error);
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}
