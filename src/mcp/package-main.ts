// The `portal-mcp` command of the package a site ships at /mcp/portal-mcp-<version>.tgz
// (src/build/mcp-package.ts bundles this file): `npx -y <that URL> --site <site>` runs it with
// nothing else installed. It is `portal mcp` without the rest of portal, and with Pagefind's
// engine files from its own tarball instead of a Pagefind binary.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { PortalError } from '../errors.ts';
import { useShippedEngine } from './search-engine.ts';
import { serveMcp } from './server.ts';

/** Where the tarball keeps the engine: beside this bundle (package/engine/ in the tarball). */
export const shippedEngineFolder = 'engine';
/** The file in that folder naming the Pagefind version and the WebAssembly files. */
export const shippedEngineManifest = 'engine.json';

declare const PORTAL_MCP_VERSION: string;

const usage = `Usage: portal-mcp --site <https://docs.example.com> | --dir <built site folder>

Serves a portal site's documentation to an AI assistant over stdio (Model Context Protocol):
search, read_page, lookup_symbol, get_operation and get_sample.`;

function loadShippedEngine() {
  const folder = new URL(`./${shippedEngineFolder}/`, import.meta.url);
  const manifest = JSON.parse(fs.readFileSync(new URL(shippedEngineManifest, folder), 'utf8')) as { version: string; script: string; wasm: Record<string, string> };
  useShippedEngine({
    version: manifest.version,
    script: fs.readFileSync(new URL(manifest.script, folder)),
    wasm: new Map(Object.entries(manifest.wasm).map(([language, file]) => [language, fs.readFileSync(new URL(file, folder))])),
  });
}

async function main() {
  const { values } = parseArgs({ options: { site: { type: 'string', short: 's' }, dir: { type: 'string', short: 'd' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } });
  if (values.help) return void process.stdout.write(`${usage}\n`);
  if (values.version) return void process.stdout.write(`${PORTAL_MCP_VERSION}\n`);
  if (!values.site && !values.dir) {
    process.stderr.write(`portal-mcp: pass the site to serve\n${usage}\n`);
    process.exitCode = 2;
    return;
  }
  loadShippedEngine();
  await serveMcp({ dir: values.dir ?? 'dist', site: values.site, version: PORTAL_MCP_VERSION });
}

main().catch((error: unknown) => {
  if (error instanceof PortalError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`portal-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1;
});
