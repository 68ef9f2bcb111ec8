// `/mcp` as a host's serverless function (Netlify Functions: `_hosts/netlify/functions/mcp.mjs`,
// bundled by src/build/mcp-package.ts): the tools of `portal mcp` over stateless Streamable HTTP,
// answering from the site's own files, fetched from the origin the request came to (the same
// bounded, same-origin reads as `portal mcp --site`). Pagefind's engine is bundled in, from the
// pagefind package portal installed: nothing the site serves is run.
import os from 'node:os';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
// A module the bundler provides: the engine files, base64 (mcp-package.ts).
import { engine } from 'portal-mcp-engine';
import { useShippedEngine } from './search-engine.ts';
import { createPortalMcpServer, loadMcpSite, type McpSite, mcpSiteSource } from './server.ts';

declare const PORTAL_MCP_VERSION: string;

/** Where the host's router sends it (Netlify reads `config.path`). */
export const config = { path: '/mcp' };

// A function's home is read-only; its temporary folder holds the site's files between calls.
if (!process.env.XDG_CACHE_HOME) process.env.XDG_CACHE_HOME = os.tmpdir();
useShippedEngine({ version: engine.version, script: Buffer.from(engine.script, 'base64'), wasm: new Map(Object.entries(engine.wasm).map(([language, bytes]) => [language, Buffer.from(bytes, 'base64')])) });

let site: { origin: string; loaded: Promise<McpSite> } | undefined;

/** The site of this origin, loaded once per warm instance (a new origin loads afresh). */
function siteAt(origin: string): Promise<McpSite> {
  if (site?.origin !== origin) {
    const loaded = mcpSiteSource({ dir: '', site: origin }).then(({ source, siteUrl }) => loadMcpSite(source, siteUrl));
    loaded.catch(() => {
      if (site?.loaded === loaded) site = undefined;
    });
    site = { origin, loaded };
  }
  return site.loaded;
}

const jsonRpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export default async function handle(request: Request): Promise<Response> {
  const origin = new URL(request.url).origin;
  // A page of another site must not drive this server from a reader's browser.
  const from = request.headers.get('origin');
  if (from && from !== origin) return jsonRpcError(403, 'Forbidden: requests from another origin are refused');
  if (request.method !== 'POST') return jsonRpcError(405, 'Method not allowed: this server is stateless; POST one JSON-RPC message per request', { Allow: 'POST' });
  try {
    const server = createPortalMcpServer(await siteAt(origin), PORTAL_MCP_VERSION);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    return await transport.handleRequest(request);
  } catch (error) {
    return jsonRpcError(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}
