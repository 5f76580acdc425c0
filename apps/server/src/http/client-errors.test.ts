import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@tessera/contract';
import { answerClientError } from './client-errors.ts';

describe('requests the HTTP parser refuses', () => {
  const app = Fastify({ clientErrorHandler: answerClientError });
  app.get('/ok', async () => ({ ok: true }));
  let port = 0;
  beforeAll(async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Sends `raw` over a socket of its own; answers the status line and the body. */
  const send = (raw: string) =>
    new Promise<{ status: string; body: unknown }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
      let answer = '';
      socket.on('data', (chunk) => (answer += String(chunk)));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, body] = answer.split('\r\n\r\n');
        resolve({ status: head!.split('\r\n')[0]!, body: JSON.parse(body!) });
      });
    });

  it('answers a control character in a header with our {code, message}', async () => {
    const answer = await send('GET /ok HTTP/1.1\r\nHost: x\r\nUpload-Concat: final;\u0001\r\n\r\n');
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toEqual({
      code: ERROR_CODES.validation,
      message: expect.stringContaining('not valid HTTP'),
    });
  });

  it('answers headers over the limit with 431 in the same form', async () => {
    const answer = await send(`GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(40_000)}\r\n\r\n`);
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.body).toEqual({ code: 'REQUEST_HEADERS_TOO_LARGE', message: expect.any(String) });
  });

  it('keeps serving', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/ok`)).json()).toEqual({ ok: true });
  });
});
