import fs from 'node:fs';
import path from 'node:path';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { missingWordsNotice, type SearchHit, type SearchResponse } from '../shared/search/results.ts';
import { PortalError } from '../errors.ts';
import { recoverInterruptedSwap } from '../output/recover.ts';
import { readPage } from './read-page.ts';
import { parseSiteUrl, RemoteSource } from './remote-source.ts';
import { indexEntryUrl, loadSiteSearch, type SiteSearch } from './site-search.ts';
import { folderSource, readJson, readText, type SiteSource } from './site-source.ts';
import { SiteData, type ToolAnswer } from './tools-data.ts';
import { LineTransport } from './stdio-transport.ts';
import { routeManifestFile } from '../site/route-manifest-file.ts';

/** One site loaded for the tools: its search engine started, its data files read on demand. */
export interface McpSite {
  /** The site the tools read: its pagefind/ index, Markdown twins and /mcp/ data files. */
  source: SiteSource;
  /** The site's public origin, so results carry URLs a reader can open ("" when unknown). */
  siteUrl: string;
  search: SiteSearch['search'];
  areas: string[];
  data: SiteData;
}

/** Starts the search engine over the site's index: once per process (stdio) or per build served (HTTP). */
export async function loadMcpSite(source: SiteSource, siteUrl?: string): Promise<McpSite> {
  const { search, areas } = await loadSiteSearch(source);
  const origin = (siteUrl ?? '').replace(/\/$/, '');
  return { source, siteUrl: origin, search, areas, data: new SiteData(source, origin) };
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
/** Longest export name, package name or language a tool takes, in characters. */
export const maxNameLength = 200;

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

/** The MCP server of one site (a built folder or the published site): its tools, and its pages as resources. */
export function createPortalMcpServer(site: McpSite, version: string): McpServer {
  const { source, siteUrl, search, areas, data } = site;
  const answer = ({ text, isError }: ToolAnswer) => ({ content: [{ type: 'text' as const, text }], ...(isError ? { isError: true } : {}) });
  const server = new McpServer({ name: 'portal', version });

  server.registerTool(
    'search',
    {
      title: 'Search the documentation',
      description: 'Searches the Pexip developer documentation (guides, REST API operations, npm package reference) with the same index and ranking as the site\'s search dialog. Returns the best pages with their routes; read one with read_page. A query word no page mentions is named first.',
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
      const result = await readPage(source, page);
      return result.ok ? { content: [{ type: 'text', text: result.markdown }] } : { content: [{ type: 'text', text: result.message }], isError: true };
    },
  );

  server.registerTool(
    'lookup_symbol',
    {
      title: 'Look up an npm export',
      description: 'Finds an export of the documented @pexip npm packages by name: its kind, package and version, TypeScript signature, summary and reference page URL.',
      inputSchema: {
        name: z.string().min(1).max(maxNameLength).describe('The exported name, e.g. "createInfinityClient"'),
        package: z.string().min(1).max(maxNameLength).optional().describe('Only this package, e.g. "@pexip/infinity" (or "infinity")'),
      },
    },
    async ({ name, package: packageName }) => answer(await data.lookupSymbol(name, packageName)),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get a REST API operation',
      description: 'Returns one REST API operation of the documentation: method, path, parameters, request and response schemas, and its request samples by language.',
      inputSchema: {
        operation: z.string().min(1).max(maxPageLength).describe('An operation ID ("createMeeting"), a method and path ("POST /meetings"), or the operation\'s page route or URL'),
        language: z.string().min(1).max(maxNameLength).optional().describe('Only the request sample in this language, e.g. "curl", "python" or "JavaScript"'),
      },
    },
    async ({ operation, language }) => answer(await data.getOperation(operation, language)),
  );

  server.registerTool(
    'get_sample',
    {
      title: 'Get a code sample',
      description: 'Returns a code sample of a page with its check: whether the portal\'s test suite ran it ("✓ Checked with …"), why not ("Not checked: …"), or "not stated". Without index or language it lists the page\'s samples.',
      inputSchema: {
        page: z.string().min(1).max(maxPageLength).describe('The page\'s route or URL'),
        index: z.number().int().min(1).max(1000).optional().describe('Which sample, 1 for the first on the page'),
        language: z.string().min(1).max(maxNameLength).optional().describe('The sample in this language (the code fence\'s language, or the tab label)'),
      },
    },
    async ({ page, index, language }) => answer(await data.getSample(page, index, language)),
  );

  // Every page's Markdown twin as a resource, at the twin's own URL.
  const origin = siteUrl || 'portal://site';
  server.registerResource(
    'page',
    new ResourceTemplate(`${origin}{+path}`, {
      list: async () => ({
        resources: ((await readJson<{ route: string; title: string }[]>(source, `/${routeManifestFile}`)) ?? []).map((entry) => ({
          uri: `${origin}${entry.route === '/' ? '/index' : entry.route}.md`,
          name: entry.title,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'Documentation page', description: 'A page of the documentation as Markdown', mimeType: 'text/markdown' },
    async (uri, { path }) => {
      const result = await readPage(source, String(path));
      if (!result.ok) throw new Error(result.message);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: result.markdown }] };
    },
  );
  return server;
}

/** The site's public origin, as its robots.txt states it (the build writes "Sitemap: <url>/sitemap.xml"). */
async function siteUrlOf(source: SiteSource): Promise<string | undefined> {
  const robots = await readText(source, '/robots.txt');
  return robots ? /^Sitemap:\s*(\S+)\/sitemap\.xml$/m.exec(robots)?.[1] : undefined;
}

/** The site `portal mcp` serves: a built folder (--dir), or the published site (--site). */
export async function mcpSiteSource(options: { dir: string; site?: string }): Promise<{ source: SiteSource; siteUrl?: string }> {
  if (options.site) {
    const url = parseSiteUrl(options.site);
    const source = new RemoteSource(url);
    if (!(await source.read(indexEntryUrl)) || !(await source.read(`/${routeManifestFile}`))) {
      throw new PortalError({ severity: 'error', file: source.label, message: `no portal site with a search index here (no ${indexEntryUrl} or /${routeManifestFile})`, hint: 'Pass the address of a site built with portal, e.g. --site https://developer.pexip.com' });
    }
    // URLs in answers are the site's own (its robots.txt names them), whichever address served it.
    return { source, siteUrl: (await siteUrlOf(source)) ?? source.label };
  }
  const dist = path.resolve(options.dir);
  // A build killed mid-swap leaves the last output aside: put back before reading it.
  recoverInterruptedSwap(dist);
  if (!fs.existsSync(path.join(dist, routeManifestFile)) || !fs.existsSync(path.join(dist, ...indexEntryUrl.split('/')))) {
    throw new PortalError({ severity: 'error', file: dist, message: 'no built site with a search index here', hint: 'Run "portal build" first, or pass the built site: portal mcp --dir <folder>, or a published one: portal mcp --site <url>.' });
  }
  const source = folderSource(dist);
  return { source, siteUrl: await siteUrlOf(source) };
}

/** `portal mcp`: serves a site over stdio until the client closes it. Only JSON-RPC goes to stdout. */
export async function serveMcp(options: { dir: string; site?: string; version: string }): Promise<void> {
  const { source, siteUrl } = await mcpSiteSource(options);
  const server = createPortalMcpServer(await loadMcpSite(source, siteUrl), options.version);
  await server.connect(new LineTransport());
  process.stderr.write(`portal: MCP server ready on stdio for ${source.label}\n`);
}
