#!/usr/bin/env node
// `npm run bench -- NAME`: runs bench/NAME.ts through tsx's loader (as bin/tessera.js does for the server).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const benchDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bench');
const names = readdirSync(benchDir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.slice(0, -3))
  .sort();
const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`${name ? `Unknown benchmark '${name}'. ` : ''}Usage: npm run bench -- <name>`);
  console.error(`Available: ${names.join(', ')}`);
  process.exit(2);
}
register();
await import(pathToFileURL(path.join(benchDir, `${name}.ts`)).href);
