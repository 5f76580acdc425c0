/**
 * The markers asked for as a viewer address opens: taken once by the viewer's first read, asked again
 * when the early answer failed, and not asked at all for an address whose set id or version cannot be one.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const PROJECT = 'a'.repeat(24);
const SET = 'b'.repeat(24);
let answers: Response[] = [];
const asked: string[] = [];

beforeEach(() => {
  const storage = new Map<string, string>([
    [
      'tessera.session',
      JSON.stringify({ accessToken: 't', refreshToken: 'r', refreshAt: Date.now() + 60_000 }),
    ],
  ]);
  const memory = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  vi.stubGlobal('localStorage', memory);
  vi.stubGlobal('sessionStorage', memory);
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return answers.shift() ?? new Response(new Uint8Array([9]));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const search = (query: string) => new URLSearchParams(query);

it('asks once at start; the first read takes that answer, the next asks afresh', async () => {
  const early = await import('./early-answers.ts');
  answers = [new Response(new Uint8Array([1, 2]))];
  early.prefetchCellMarkers(PROJECT, search(`annotation_set_id=${SET}&annotation_set_version=3`));
  const url = early.cellMarkersUrl({ projectId: PROJECT, setId: SET, version: 3 });
  expect(asked).toEqual([url]);
  expect(url).toContain('version=3');
  const taken = await early.takeEarly(url);
  expect([...new Uint8Array(await taken!)]).toEqual([1, 2]);
  expect(early.takeEarly(url)).toBeNull();
  expect(asked).toHaveLength(1);
});

it('asks again when the early answer failed', async () => {
  const early = await import('./early-answers.ts');
  answers = [Response.json({ code: 'INTERNAL_SERVER_ERROR', message: 'x' }, { status: 500 })];
  early.prefetchCellMarkers(PROJECT, search(`annotation_set_id=${SET}`));
  const url = early.cellMarkersUrl({ projectId: PROJECT, setId: SET });
  const taken = await early.takeEarly(url);
  expect([...new Uint8Array(await taken!)]).toEqual([9]);
  expect(asked).toEqual([url, url]);
});

it('asks nothing for an address without a set, or with one that cannot be a set or version', async () => {
  const early = await import('./early-answers.ts');
  for (const query of ['', 'annotation_set_id=xyz', `annotation_set_id=${SET}&annotation_set_version=0`])
    early.prefetchCellMarkers(PROJECT, search(query));
  expect(asked).toEqual([]);
});
