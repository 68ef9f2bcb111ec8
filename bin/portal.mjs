#!/usr/bin/env node
// Node 20 cannot run TypeScript itself: register tsx's loader with portal's own tsconfig
// (not the one of the folder portal runs in), then start the real CLI.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// React's development build checks every element it renders at build time: several times slower
// and nothing a reader sees. Tests that import the sources directly keep the checks.
process.env.NODE_ENV ??= 'production';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./portal.ts');
