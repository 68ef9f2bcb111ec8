#!/usr/bin/env node
// Node 20 cannot run TypeScript itself: register tsx's loader with portal's own tsconfig
// (not the one of the folder portal runs in), then start the real CLI.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./portal.ts');
