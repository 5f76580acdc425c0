/**
 * Requests Node's HTTP parser refuses before any route sees them — a control character in a header,
 * headers over Node's limit, a request too slow to arrive — answered in the API's form, `{code, message}`,
 * as every other refusal is (Fastify's own answer is `{error, message, statusCode}`).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES } from '@tessera/contract';

const REFUSALS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive in time',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'REQUEST_HEADERS_TOO_LARGE',
    message: 'The request headers are larger than the server accepts',
  },
};

const MALFORMED = {
  status: 400,
  code: ERROR_CODES.validation,
  message: 'The request is not valid HTTP (a header may hold a character it must not)',
};

/** The raw HTTP answer to a request the parser refused with `errorCode`. */
export function clientErrorAnswer(errorCode: string | undefined): string {
  const { status, code, message } = REFUSALS[errorCode ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ code, message });
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's clientErrorHandler: answers when the socket can still be written to, then closes it. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer (Node's documentation of 'clientError').
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(clientErrorAnswer(error.code));
  socket.destroy();
}
