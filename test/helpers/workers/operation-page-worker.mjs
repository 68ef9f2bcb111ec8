// Worker threads start without the test's TypeScript loader (`--import tsx` is not passed on to
// them): register tsx with the project's tsconfig, as src/build/workers/doc-worker.mjs does, then
// run the worker.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)) });
await import('./operation-page-worker.ts');
