import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it("are helmet's set with our content security policy", () => {
    const headers = securityHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('are on every answer, found or not', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/x', async () => ({ ok: true }));
    for (const url of ['/x', '/missing']) {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    await app.close();
  });

  it('are the few that protect an image on routes answering images', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/tile', { config: { responseTypes: ['image/jpeg'] } }, async (_req, reply) =>
      reply.type('image/jpeg').send(Buffer.from([0xff, 0xd8, 0xff, 0xd9])),
    );
    const res = await app.inject({ url: '/tile' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    await app.close();
  });
});
