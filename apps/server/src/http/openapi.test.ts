import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderOpenApi } from './openapi.ts';

it('docs/openapi.json is current (run `npm run openapi` after changing a contract)', async () => {
  const checkedIn = fs.readFileSync(path.join(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8');
  expect(JSON.parse(checkedIn)).toEqual(JSON.parse(await renderOpenApi()));
});
