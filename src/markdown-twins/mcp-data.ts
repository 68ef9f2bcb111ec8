import type { Page, PageOf } from '../page.ts';
import type { MemberEntry, SymbolEntry } from '../typedoc/symbol-entries.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { schemaList } from './openapi.ts';

// What the MCP tools lookup_symbol and get_operation answer from, published with the site so an
// assistant reading the published site (portal mcp --site) has them too. Both are written from the
// models the pages are rendered from: no second derivation to drift from the pages.

/** Site paths of the data files (under /mcp/, beside the /mcp endpoint `portal serve` answers). */
export const mcpSymbolsUrl = '/mcp/symbols.json';
export const mcpOperationsUrl = '/mcp/operations.json';

export type { MemberEntry, SymbolEntry };

export interface OperationEntry {
  route: string;
  title: string;
  area?: string;
  method: string;
  path: string;
  summary: string;
  operationId: string;
  deprecated: boolean;
  webhook: boolean;
  /** Markdown, links absolute. */
  description?: string;
  servers: string[];
  /** The security schemes the operation takes, each with its one-line summary. */
  security: { name: string; summary: string }[];
  parameters: { name: string; in: string; required: boolean; type: string; description?: string; constraints: string[]; deprecated: boolean }[];
  /** The schema as the page's twin lists it: one Markdown list item per field. */
  requestBody?: { contentType: string; required: boolean; schemaType?: string; description?: string; schema: string };
  responses: { status: string; description?: string; contentType?: string; schemaType?: string; schema: string }[];
  /** The request samples the page shows, one per language tab. */
  samples: { label: string; language: string; code: string }[];
}

/** The pages `operationEntries` reads: with the site's URL, all operations.json is made from (the build caches it by them). */
export function operationPages(pages: Iterable<Page>): PageOf<'api-operation'>[] {
  return [...pages].filter((page): page is PageOf<'api-operation'> => page.kind === 'api-operation');
}

/** The API operations of the site, from the views their pages were rendered from. */
export function operationEntries(pages: Iterable<Page>, siteUrl: string): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const page of operationPages(pages)) {
    const view = page.body.view;
    const target = { route: page.route, siteUrl };
    const markdown = (html: string | undefined) => (html ? htmlToMarkdown(html, siteUrl, page.route) || undefined : undefined);
    entries.push({
      route: page.route,
      title: page.title,
      ...(page.area ? { area: page.area } : {}),
      method: view.method,
      path: view.path,
      summary: view.summary,
      operationId: view.operationId,
      deprecated: view.deprecated,
      webhook: view.webhook,
      description: markdown(view.descriptionHtml),
      servers: view.servers,
      security: view.security.map((scheme) => ({ name: scheme.name, summary: scheme.summary })),
      parameters: view.parameters.map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        type: parameter.type,
        description: markdown(parameter.descriptionHtml),
        constraints: parameter.constraints,
        deprecated: parameter.deprecated,
      })),
      requestBody: view.requestBody && {
        contentType: view.requestBody.contentType,
        required: view.requestBody.required,
        schemaType: view.requestBody.schemaType,
        description: markdown(view.requestBody.descriptionHtml),
        schema: schemaList(view.requestBody.rows, target),
      },
      responses: view.responses.map((response) => ({
        status: response.status,
        description: markdown(response.descriptionHtml),
        contentType: response.contentType,
        schemaType: response.schemaType,
        schema: schemaList(response.rows, target),
      })),
      samples: view.samples.map((sample) => ({ label: sample.label, language: sample.language, code: sample.code })),
    });
  }
  return entries;
}
