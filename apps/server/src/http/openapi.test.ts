import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderOpenApi } from './openapi.ts';

it('docs/openapi.json is current (run `npm run openapi` after changing a contract)', async () => {
  const checkedIn = fs.readFileSync(path.join(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8');
  expect(JSON.parse(checkedIn)).toEqual(JSON.parse(await renderOpenApi()));
});

it('describes image answers by their media types, not as JSON', async () => {
  const doc = JSON.parse(await renderOpenApi()) as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
  };
  const tile =
    doc.paths['/v1/projects/{projectId}/slides/{slideId}/tile/rgb/{equalization}/{z}/{x}/{y}']!.get!;
  expect(Object.keys(tile.responses['200']!.content!)).toEqual(['image/jpeg', 'image/webp', 'image/png']);
  const label = doc.paths['/v1/projects/{projectId}/slides/{slideId}/label']!.get!;
  expect(Object.keys(label.responses['200']!.content!)).toEqual(['image/jpeg', 'image/png']);
  const me = doc.paths['/v1/me']!.get!;
  expect(Object.keys(me.responses['200']!.content!)).toEqual(['application/json']);
});
