/** A free TCP port on 127.0.0.1, asked of the OS (listen on 0, read it back, release it). */
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 kept listening until release(): peers started in the meantime ask the OS
 * for ports too (freePort), and a port released at once could be handed to one of them before the
 * server meant to take it starts (seen in CI as EADDRINUSE).
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no port'));
      resolve({ port: address.port, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
