#!/usr/bin/env node
// Entry of the synthetic slide generator: runs its TypeScript through tsx's loader, like bin/tessera.js.
import { register } from 'tsx/esm/api';

register();
await import('./synthetic-slide/generate.ts');
