import path from 'node:path';
import { callbackId, operationIds, overviewIds, responseId, responseTitle, schemaIds } from '../shared/api-ids.ts';
import type { OpenApiSourceConfig } from '../config/schema.ts';
import { slugifySegment } from '../util/slug.ts';
import type { SidebarExtension } from '../page.ts';
import type { CollectedLink } from '../page.ts';
import type { Page } from '../page.ts';
import type { TocEntry } from '../shared/types.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import type { SampleChecks } from '../markdown/sample-checks.ts';
import type { OpenApiDocument } from './load-spec.ts';
import type { JsonSchema, OperationView, OverviewView } from '../shared/api-model.ts';
import { errorModelName, type OperationEntry, operationTitle, operationView, overviewView, type SchemaPages } from './views.ts';
import { constraintsOf, type MarkdownToHtml, namedSchemas, schemaContext, schemaRows, typeLabel, under } from './schema-rows.ts';
import type { PageIds } from './description-headings.ts';
import { groupOperations } from './operation-groups.ts';
import { operationPointer } from './operation-locations.ts';
import { specDownloadFiles, specDownloadUrls } from './spec-download.ts';
import type { ResponseExampleCheck } from './response-example-check.ts';
import { summarySentence } from '../markdown/summary-sentence.ts';
import type { EnrichmentGuard } from './enrichment.ts';

export interface MarkdownRenderer {
  /**
   * Markdown (sanitised: no raw HTML, unsafe links rejected) to HTML; links are collected. The
   * text's headings go below `placement.level` with ids not yet in `placement.ids` (the page's).
   */
  toHtml: (markdown: string, links: CollectedLink[], placement?: { level: number; ids: PageIds }) => string;
  /** Code to highlighted HTML; `check` labels it (an API request sample), nothing else is labelled. */
  highlight: (code: string, language: string, check?: SampleCheckLabel) => string;
}

export interface RenderedGuide {
  html: string;
  links: CollectedLink[];
}

export interface OpenApiPages {
  pages: Page[];
  sidebar: SidebarExtension;
  /** A large API's groups (by tag, or by path), each a section below `sidebar` linking to its group's page. */
  tagSidebars: SidebarExtension[];
}

/** Above this many operations, an API gets a sidebar group per tag (or, untagged, per path) instead of one flat list. */
export const tagGroupThreshold = 40;

/** "createMeeting" -> "create-meeting"; a configured map wins. Never guessed at render time. */
export function operationSlug(entry: OperationEntry, slugs: Record<string, string> | undefined): string {
  const id = entry.operation.operationId;
  if (id && slugs?.[id]) return slugs[id];
  if (id) return slugifySegment(id.replace(/([a-z0-9])([A-Z])/g, '$1-$2'));
  if (entry.webhook) return slugifySegment(`webhook-${entry.path.replace(/([a-z0-9])([A-Z])/g, '$1-$2')}-${entry.method}`);
  return slugifySegment(`${entry.method}-${entry.path}`);
}

export function operationRoute(source: OpenApiSourceConfig, entry: OperationEntry): string {
  return `/docs/${source.folder}/${operationSlug(entry, source.slugs)}`;
}

export function overviewRouteOf(source: OpenApiSourceConfig, spec: OpenApiDocument): string {
  return `/docs/${source.folder}/${source.overviewSlug ?? slugifySegment(spec.info.title)}`;
}

/**
 * One API (`operations`: listOperations of the spec): an overview page and one page per operation,
 * plus their place in the area sidebar. `bundled`, the description as one document, is published
 * beside the overview for download.
 */
export function buildOpenApiPages(source: OpenApiSourceConfig, spec: OpenApiDocument, operations: OperationEntry[], render: MarkdownRenderer, guide: RenderedGuide | undefined, bundled?: object, sampleChecks?: SampleChecks, checkResponseExample?: ResponseExampleCheck, guard?: EnrichmentGuard): OpenApiPages {
  const file = source.spec;
  const routeOf = (entry: OperationEntry) => operationRoute(source, entry);
  const overviewRoute = overviewRouteOf(source, spec);
  const pages: Page[] = [];
  const routeById = new Map(operations.filter((entry) => entry.operation.operationId).map((entry) => [entry.operation.operationId!, routeOf(entry)]));

  const errorName = errorModelName(spec);
  const errorSchema = errorName ? spec.components?.schemas?.[errorName] : undefined;
  const errorModel = errorName && errorSchema && typeof errorSchema === 'object' ? { name: errorName, schema: errorSchema } : undefined;
  // Named schemas get a page of their own when a long page links there instead of expanding them.
  const schemaRoutes = new Map<string, string>();
  const download = bundled ? specDownloadUrls(source.folder) : undefined;
  const schemaPages: SchemaPages = {
    names: namedSchemas(spec.components?.schemas),
    overviewSecurityHref: `${overviewRoute}#${overviewIds.authentication}`,
    errorModel: errorModel && { ...errorModel, href: `${overviewRoute}#${overviewIds.errors}` },
    schemaPage: (name) => {
      let route = schemaRoutes.get(name);
      if (!route) {
        const base = `/docs/${source.folder}/schemas/${slugifySegment(name) || 'schema'}`;
        const taken = new Set(schemaRoutes.values());
        route = base;
        for (let n = 2; taken.has(route); n++) route = `${base}-${n}`;
        schemaRoutes.set(name, route);
      }
      return route;
    },
    // A long enum's full list: on the page of the named schema holding it, else in the description.
    allValues: (owner) => (owner ? { href: schemaPages.schemaPage(owner), label: `${owner} schema`, kind: 'page' } : download && { href: download.json, label: 'openapi.json', kind: 'file' }),
  };

  const overviewLinks: CollectedLink[] = [...(guide?.links ?? [])];
  const guideHtml = guide?.html;
  const overviewIdsTaken = new Set([...Object.values(overviewIds), ...idsIn(guideHtml)]);
  const md: MarkdownToHtml = (text, level = 1) => render.toHtml(text, overviewLinks, { level, ids: overviewIdsTaken });
  const overview: OverviewView = { ...overviewView(spec, md, routeOf, guideHtml, schemaPages), ...(download ? { download } : {}) };
  pages.push({
    route: overviewRoute,
    kind: 'api-overview',
    title: spec.info.title,
    sidebarLabel: source.sidebar.overviewLabel ?? spec.info.title,
    description: summarySentence((spec.info as { summary?: string }).summary ?? spec.info.description) ?? `Reference for the ${spec.info.title}.`,
    area: source.area,
    toc: overviewToc(overview, guideHtml),
    // The view is the page's model: its kind draws the HTML and writes the twin from it.
    body: { view: overview },
    ...(bundled ? { downloads: specDownloadFiles(source.folder, bundled) } : {}),
    source: { file },
    links: overviewLinks,
    keywords: ['api', 'rest', 'openapi'],
  });

  for (const entry of operations) {
    const links: CollectedLink[] = [];
    // Our own sections' ids come first; a description's headings get other ones.
    const ids = new Set([...Object.values(operationIds), ...Object.keys(entry.operation.responses ?? {}).map(responseId)]);
    const view: OperationView = operationView(spec, entry, (text, level = 1) => render.toHtml(text, links, { level, ids }), render.highlight, { clientSample: source.clientSample, schemaPages, sampleChecks, checkResponseExample, guard });
    const route = routeOf(entry);
    // A response link names its target by operationId: on this site, that operation's page.
    for (const link of view.responses.flatMap((response) => response.links)) {
      const target = link.operationId ? routeById.get(link.operationId) : undefined;
      if (target) link.href = target;
    }
    pages.push({
      route,
      kind: 'api-operation',
      title: view.summary,
      description: summarySentence(entry.operation.description) ?? (entry.webhook ? `Webhook ${view.path}: ${view.method} to your server` : `${view.method} ${view.path}`),
      area: source.area,
      toc: operationToc(view),
      // Where it is in the description: the file until locateOperationPages finds its line.
      body: { view, at: { pointer: operationPointer(entry), file } },
      source: { file },
      links,
      keywords: [view.operationId, view.method, view.path, ...view.parameters.map((parameter) => parameter.name)].filter(Boolean),
    });
  }

  // Each schema page links its nested named schemas to their pages (budget 0), which may ask for
  // more pages: the list grows while it is walked, and ends, as names are finite.
  const schemas = (spec.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const overviewLink = { title: spec.info.title, href: overviewRoute };
  for (const [name, route] of schemaRoutes) {
    const links: CollectedLink[] = [];
    const schema = schemas[name];
    const ids = new Set(Object.values(schemaIds));
    const toHtml: MarkdownToHtml = (text, level = 1) => render.toHtml(text, links, { level, ids });
    const descriptionHtml = schema.description ? toHtml(schema.description) : undefined;
    const rows = schemaRows(schema, under(toHtml, 2), schemaContext(schemaPages.names, 0, schemaPages.schemaPage), schemaIds.fields);
    pages.push({
      route,
      kind: 'api-schema',
      title: `${name} schema`,
      description: summarySentence(schema.description) ?? `The ${name} schema of the ${spec.info.title}.`,
      area: source.area,
      toc: [...tocOfHtml(descriptionHtml), { depth: 2, id: schemaIds.fields, text: 'Fields' }],
      body: { name, type: typeLabel(schema, schemaPages.names), constraints: constraintsOf(schema), descriptionHtml, rows, overview: overviewLink },
      source: { file },
      links,
      keywords: [name, 'schema'],
    });
  }

  // A large API: one sidebar group per tag (its first), each with a page of its own.
  const tagSidebars: SidebarExtension[] = [];
  const grouped = new Set<OperationEntry>();
  if (operations.length > tagGroupThreshold) {
    // Group pages sit beside the operation pages: a slug an operation has is not taken.
    const routes = new Set<string>(operations.map((entry) => operationSlug(entry, source.slugs)));
    groupOperations(spec, operations).forEach((group, index) => {
      const { members } = group;
      members.forEach((entry) => grouped.add(entry));
      let slug = `${group.kind === 'tag' ? 'tag' : 'group'}-${slugifySegment(group.kind === 'tag' ? group.key : group.label) || index + 1}`;
      while (routes.has(slug)) slug = `${slug}-group`;
      routes.add(slug);
      const route = `/docs/${source.folder}/${slug}`;
      const links: CollectedLink[] = [];
      const descriptionHtml = group.description ? render.toHtml(group.description, links, { level: 1, ids: new Set(['operations']) }) : undefined;
      const list = members.map((entry) => ({ method: entry.method.toUpperCase(), path: entry.path, summary: operationTitle(entry), href: routeOf(entry) }));
      const pathPrefix = group.kind === 'path' && group.key.startsWith('/') ? group.key : undefined;
      pages.push({
        route,
        kind: 'api-tag',
        title: group.label,
        description: summarySentence(group.description) ?? (pathPrefix ? `The operations on ${pathPrefix} of the ${spec.info.title}.` : `${members.length} operations of the ${spec.info.title}.`),
        area: source.area,
        toc: [...tocOfHtml(descriptionHtml), { depth: 2, id: 'operations', text: 'Operations' }],
        body: { descriptionHtml, pathPrefix, operations: list, overview: overviewLink },
        source: { file },
        links,
        keywords: [group.label, 'api'],
      });
      tagSidebars.push({
        folder: `${source.folder}/${slug}`,
        label: group.label,
        position: index + 1,
        href: route,
        items: members.map((entry) => ({ label: operationTitle(entry), href: routeOf(entry), badge: entry.webhook ? 'HOOK' : entry.method.toUpperCase() })),
        source: path.normalize(file),
      });
    });
  }

  return {
    pages,
    tagSidebars,
    sidebar: {
      folder: source.folder,
      label: source.sidebar.label,
      position: source.sidebar.position,
      index: source.sidebar.category && {
        slug: source.sidebar.category.slug,
        title: source.sidebar.category.title,
        description: source.sidebar.category.description,
      },
      items: [
        { label: source.sidebar.overviewLabel ?? spec.info.title, href: overviewRoute },
        ...operations.filter((entry) => !grouped.has(entry)).map((entry) => ({ label: operationTitle(entry), href: routeOf(entry), badge: entry.webhook ? 'HOOK' : entry.method.toUpperCase() })),
      ],
      source: path.normalize(file),
    },
  };
}

function operationToc(view: OperationView): TocEntry[] {
  const toc: TocEntry[] = [...tocOfHtml(view.descriptionHtml), { depth: 2, id: operationIds.request, text: 'Request' }, { depth: 3, id: operationIds.authentication, text: 'Authentication' }];
  if (view.parameters.length) toc.push({ depth: 3, id: operationIds.parameters, text: 'Parameters' });
  if (view.requestBody) toc.push({ depth: 3, id: operationIds.body, text: 'Request body' });
  toc.push({ depth: 2, id: operationIds.responses, text: 'Responses' });
  for (const response of view.responses) toc.push({ depth: 3, id: responseId(response.status), text: responseTitle(response.status) });
  if (view.callbacks.length) {
    toc.push({ depth: 2, id: operationIds.callbacks, text: 'Callbacks' });
    view.callbacks.forEach((callback, index) => toc.push({ depth: 3, id: callbackId(callback, index), text: `${callback.name}: ${callback.method}` }));
  }
  toc.push({ depth: 2, id: operationIds.samples, text: 'Request samples' });
  return toc;
}

function overviewToc(view: OverviewView, guideHtml: string | undefined): TocEntry[] {
  const toc = [...tocOfHtml(view.descriptionHtml), ...tocOfHtml(guideHtml)];
  if (view.servers.length) toc.push({ depth: 2, id: overviewIds.servers, text: 'Servers' });
  if (view.security.length) toc.push({ depth: 2, id: overviewIds.authentication, text: 'Security schemes' });
  if (view.errorModel) toc.push({ depth: 2, id: overviewIds.errors, text: 'Error model' });
  toc.push({ depth: 2, id: overviewIds.operations, text: 'Operations' });
  return toc;
}

/** The TOC entries of rendered text shown at the top of a page (its h2 to h5). */
function tocOfHtml(html: string | undefined): TocEntry[] {
  return [...(html ?? '').matchAll(/<h([2-5]) id="([^"]+)">(.*?)<a /g)].map((match) => ({ depth: Number(match[1]), id: match[2], text: match[3].replace(/<[^>]+>/g, '') }));
}

/** The ids some rendered HTML already uses. */
function idsIn(html: string | undefined): string[] {
  return [...(html ?? '').matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
}

