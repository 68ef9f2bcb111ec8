import fs from 'node:fs';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { missingWordsNotice, type SearchHit, type SearchResponse } from '../shared/search/results.ts';
import { PortalError } from '../errors.ts';
import { recoverInterruptedSwap } from '../output/recover.ts';
import { readPage } from './read-page.ts';
import { loadSiteSearch } from './site-search.ts';
import { LineTransport } from './stdio-transport.ts';
import { routeManifestFile } from '../site/sitemap.ts';

export interface McpOptions {
  /** The built site (its pagefind/ index and Markdown twins). */
  dist: string;
  /** The site's public origin, so results carry URLs a reader can open. */
  siteUrl?: string;
  version: string;
}

// Bounds on what a client may ask, checked by the tools' schemas before any work: a search or a
// "did you mean" over a longer input costs more (typo correction per word, edit distance per
// route) and answers nothing better.
/** Longest search query, in characters. */
export const maxQueryLength = 500;
/** Longest page route or URL read_page takes, in characters. */
export const maxPageLength = 2048;
/** Most pages one search returns. */
export const maxResults = 20;

const markless = (html: string | undefined) => (html ?? '').replace(/<\/?mark>/g, '**').replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function formatHits(response: SearchResponse, limit: number, siteUrl: string, area?: string): string {
  const hits = response.hits.slice(0, limit);
  // Words no page mentions come first: the pages found are not about them.
  const notice = missingWordsNotice(response, area);
  if (!hits.length) return `No pages found for "${response.query}".${notice ? ` ${notice}` : ''}`;
  const lines = [...(notice ? [notice] : []), `${response.found} page(s) found for "${response.query}"${response.corrected ? ` (searched as "${response.corrected}")` : ''}; the first ${hits.length}:`, ''];
  hits.forEach((hit: SearchHit, index) => {
    lines.push(`${index + 1}. ${hit.title}${hit.area ? ` [${hit.area}]` : ''}`, `   route: ${hit.url}`, `   url: ${siteUrl}${hit.url}`);
    if (hit.breadcrumb) lines.push(`   path: ${hit.breadcrumb}`);
    if (hit.excerpt) lines.push(`   excerpt: ${markless(hit.excerpt)}`);
    for (const section of hit.sections.slice(0, 3)) lines.push(`   section: ${section.title} (${section.url})`);
  });
  lines.push('', 'Call read_page with a route to read that page as Markdown.');
  return lines.join('\n');
}

/** The MCP server of one built site: tools `search` and `read_page`. */
export async function createPortalMcpServer(options: McpOptions): Promise<McpServer> {
  const { search, areas } = await loadSiteSearch(options.dist);
  const siteUrl = (options.siteUrl ?? '').replace(/\/$/, '');
  const server = new McpServer({ name: 'portal', version: options.version });

  server.registerTool(
    'search',
    {
      title: 'Search the documentation',
      description: 'Searches the Pexip developer documentation (guides, REST API operations, npm package reference) with the same index and ranking as the site\'s search dialog. Returns the best pages with their routes; read one with read_page.',
      inputSchema: {
        query: z.string().min(1).max(maxQueryLength).describe(`What to look for, e.g. "join a conference with a PIN" or "createMeeting" (at most ${maxQueryLength} characters)`),
        area: (areas.length ? z.enum(areas as [string, ...string[]]) : z.never()).optional().describe(`Only pages of this documentation area${areas.length ? `: ${areas.join(', ')}` : ''}`),
        limit: z.number().int().min(1).max(maxResults).optional().describe(`How many pages to return (default 5, at most ${maxResults})`),
      },
    },
    async ({ query, area, limit = 5 }) => {
      let response = await search(query, area);
      while (response.hits.length < limit && response.more) response = await response.more();
      if (response.details) response = await response.details();
      return { content: [{ type: 'text', text: formatHits(response, limit, siteUrl, area) }] };
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a documentation page',
      description: 'Returns one page of the documentation as Markdown (its Markdown twin: guides as written, API operations with parameters, schemas and request samples, package reference with signatures).',
      inputSchema: { page: z.string().min(1).max(maxPageLength).describe(`A route such as "/docs/vpaas/introduction", or a page URL of the site (at most ${maxPageLength} characters)`) },
    },
    async ({ page }) => {
      const result = readPage(options.dist, page);
      return result.ok ? { content: [{ type: 'text', text: result.markdown }] } : { content: [{ type: 'text', text: result.message }], isError: true };
    },
  );
  return server;
}

/** The site's public origin, as its robots.txt states it (the build writes "Sitemap: <url>/sitemap.xml"). */
function siteUrlOf(dist: string): string | undefined {
  const robots = path.join(dist, 'robots.txt');
  return fs.existsSync(robots) ? /^Sitemap:\s*(\S+)\/sitemap\.xml$/m.exec(fs.readFileSync(robots, 'utf8'))?.[1] : undefined;
}

/** `portal mcp`: serves a built site over stdio until the client closes it. Only JSON-RPC goes to stdout. */
export async function serveMcp(options: McpOptions): Promise<void> {
  // A build killed mid-swap leaves the last output aside: put back before reading it.
  recoverInterruptedSwap(options.dist);
  if (!fs.existsSync(path.join(options.dist, routeManifestFile)) || !fs.existsSync(path.join(options.dist, 'pagefind', 'pagefind.js'))) {
    throw new PortalError({ severity: 'error', file: options.dist, message: 'no built site with a search index here', hint: 'Run "portal build" first, or pass the built site: portal mcp --dir <folder>.' });
  }
  const server = await createPortalMcpServer({ ...options, siteUrl: options.siteUrl ?? siteUrlOf(options.dist) });
  await server.connect(new LineTransport());
  process.stderr.write(`portal: MCP server ready on stdio for ${options.dist}\n`);
}
