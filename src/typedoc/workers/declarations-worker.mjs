// Worker threads start without the main thread's TypeScript loader: register tsx with portal's
// own tsconfig, as bin/portal.mjs does, then run the worker.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)) });
await import('./declarations-worker.ts');
