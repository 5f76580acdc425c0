#!/usr/bin/env node
// Entry of `npx tessera <command>`: runs the server's TypeScript sources through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/cli/main.ts');
