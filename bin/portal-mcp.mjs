#!/usr/bin/env node
// `portal-mcp [options]` is `portal mcp [options]`: the command a reader's assistant runs, e.g.
// `npx -y portal-mcp --site https://developer.pexip.com`.
process.argv.splice(2, 0, 'mcp');
await import('./portal.mjs');
