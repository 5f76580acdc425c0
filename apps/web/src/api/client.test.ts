/**
 * Refresh across tabs: the server ends the whole session when a rotated refresh token is sent again, so
 * two tabs sharing a remembered session must not both send it. Each tab is its own instance of the
 * module (as in a browser); they share localStorage and the Web Locks of the origin.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { profile } from '@tessera/contract';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Web Locks reduced to what the client uses: one holder per name at a time, the others queue. */
function memoryLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, work: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(work);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

const ME = {
  id: 'u1',
  email: 'ann@tessera.test',
  username: 'ann',
  systemRoles: [],
  systemRoleDisplayNames: [],
  isSsoUser: false,
  isExternal: true,
  permissions: [],
  manualVersion: '',
  manualConfirmed: true,
};

let refreshBodies: string[] = [];

beforeEach(() => {
  refreshBodies = [];
  const local = new MemoryStorage();
  local.setItem(
    'tessera.session',
    JSON.stringify({ accessToken: 'a1', refreshToken: 'r1', refreshAt: Date.now() - 1000 }),
  );
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('navigator', { locks: memoryLocks() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/v1/auth/refresh') {
        refreshBodies.push(String(init.body));
        await new Promise((resolve) => setTimeout(resolve, 10));
        return Response.json({ accessToken: 'a2', refreshToken: 'r2', expiresIn: 900 });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer a2'
        ? Response.json(ME)
        : Response.json({ code: 'UNAUTHENTICATED', message: 'x' }, { status: 401 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function openTab() {
  vi.resetModules();
  return import('./client.ts');
}

it('two tabs due for a refresh at once send the refresh token once; both use the new tokens', async () => {
  const [tabA, tabB] = [await openTab(), await openTab()];
  expect(tabA).not.toBe(tabB);
  const [a, b] = await Promise.all([tabA.call(profile.getMe), tabB.call(profile.getMe)]);
  expect(a.id).toBe('u1');
  expect(b.id).toBe('u1');
  expect(refreshBodies).toEqual([JSON.stringify({ refreshToken: 'r1' })]);
  expect(JSON.parse(localStorage.getItem('tessera.session')!)).toMatchObject({
    accessToken: 'a2',
    refreshToken: 'r2',
  });
});
