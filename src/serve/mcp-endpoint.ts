import type http from 'node:http';
import type { McpSite } from '../mcp/server.ts';
import { hostNamesServer, type ListeningAddress, sameOrigin } from './live-reload.ts';

/** Where `portal serve` answers MCP, as the Streamable HTTP transport names it. */
export const mcpPath = '/mcp';

export interface McpEndpoint {
  /** Answers the request when it is for /mcp; false leaves it to the static server. */
  handle: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
  /** The output was rebuilt: the next request loads its search index afresh. */
  reset: () => void;
  /** Records where the server listens (as `--host` names it), which Host must name. */
  listeningOn: (host: string, port: number) => void;
}

/**
 * MCP over Streamable HTTP at /mcp, stateless (no session id: each POST carries one JSON-RPC
 * message and gets its answer as JSON), the same tools as `portal mcp` over the served folder.
 * GET (a server-sent event stream) and DELETE (ending a session) have nothing to serve without
 * sessions, so they get 405 as the transport allows. A request from a web page of another origin
 * is refused: a browser must not let any site drive a server on the reader's machine. So is one
 * whose Host does not name this server, by live reload's rule: a page whose own name was rebound
 * to this machine (DNS rebinding) is same-origin to itself, but sends its own name as Host.
 */
export function mcpEndpoint(options: { root: string; siteUrl: () => string | undefined; version: string }): McpEndpoint {
  let site: Promise<McpSite> | undefined;
  let listening: ListeningAddress | undefined;
  // The MCP SDK and the search engine load on the first request: serving pages never pays for them.
  const modules = () => Promise.all([import('../mcp/server.ts'), import('../mcp/site-source.ts'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]);
  const loaded = () =>
    (site ??= modules()
      .then(([{ loadMcpSite }, { folderSource }]) => loadMcpSite(folderSource(options.root), options.siteUrl()))
      .catch((error: unknown) => {
        site = undefined;
        throw error;
      }));

  const answer = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const [{ createPortalMcpServer }, , { StreamableHTTPServerTransport }] = await modules();
    const server = createPortalMcpServer(await loaded(), options.version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };

  return {
    reset: () => {
      site = undefined;
    },
    listeningOn: (host, port) => {
      listening = { host, port };
    },
    handle(request, response) {
      const pathname = (request.url ?? '').split('?')[0];
      if (pathname !== mcpPath) return false;
      const host = request.headers.host?.toLowerCase();
      if (!hostNamesServer(host, listening ?? reachedAt(request))) return jsonRpcError(response, 403, 'Forbidden: /mcp answers requests addressed to this server only (localhost, 127.0.0.1, [::1] or its address, at its port)');
      if (!sameOrigin(request.headers.origin, host)) return jsonRpcError(response, 403, 'Forbidden: requests from another origin are refused');
      if (request.method !== 'POST') {
        response.setHeader('Allow', 'POST');
        return jsonRpcError(response, 405, 'Method not allowed: this server is stateless; POST one JSON-RPC message per request');
      }
      answer(request, response).catch((error: Error) => {
        if (!response.headersSent) jsonRpcError(response, 500, `Internal error: ${error.message}`);
        else response.end();
      });
      return true;
    },
  };
}

/**
 * The address and port this request reached the server at, which stand for where it listens
 * until the server says (`listeningOn`; a `--host` given as a name is known only then): the socket knows (an IPv4 peer of a server
 * bound to "::" shows as "::ffff:127.0.0.1", the address it typed).
 */
function reachedAt(request: http.IncomingMessage): ListeningAddress | undefined {
  const { localAddress, localPort } = request.socket;
  if (!localAddress || !localPort) return undefined;
  return { host: localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''), port: localPort };
}

function jsonRpcError(response: http.ServerResponse, status: number, message: string): true {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
  return true;
}
