import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { SidebarExtension } from '../page.ts';
import { type Diagnostics, PortalError } from '../errors.ts';
import { configFileRoots } from '../util/project-files.ts';
import { readUtf8File } from '../util/utf8.ts';
import { type ArticleRenderer, type MarkdownProcessor, renderMarkdown, reportMarkdownMessages } from '../markdown/pipeline.ts';
import type { Page } from '../page.ts';
import type { CollectedLink } from '../page.ts';
import type { Root } from 'hast';
import { hasHeadings, placeDescriptionHeadings } from './description-headings.ts';
import { buildApiChangelog, type ReadPublished } from './changelog-page.ts';
import { readCodeSamples } from './code-samples.ts';
import { loadSpec } from './load-spec.ts';
import type { SampleChecks } from '../markdown/sample-checks.ts';
import { buildOpenApiPages, type MarkdownRenderer, operationRoute, type RenderedGuide } from './pages.ts';
import { routeClashes } from './route-clashes.ts';
import { rewriteSpecLinks, specLinkResolver } from './spec-links.ts';
import { listOperations } from './views.ts';
import { responseExampleCheck } from './response-example-check.ts';
import { schemaValidator } from './response-validator.ts';
import { enrichmentGuard } from './enrichment.ts';
import { fence } from '../shared/markdown-fence.ts';
import { locateOperationPages, operationPointer as pointerOf } from './operation-locations.ts';

export interface ApiReference {
  /** The overview and operation pages of every API. */
  pages: Page[];
  sidebars: SidebarExtension[];
  /** Each API's generated changelog page, with the sidebar section it belongs in (`withChangelogs` adds it). */
  changelogs: { page: Page; sidebar: SidebarExtension }[];
}

/** The API pages with each changelog page, listed last in its API's sidebar section. */
export function withChangelogs(reference: ApiReference): { pages: Page[]; sidebars: SidebarExtension[] } {
  for (const { page, sidebar } of reference.changelogs) sidebar.items.push({ label: 'Changelog', href: page.route });
  return { pages: [...reference.pages, ...reference.changelogs.map(({ page }) => page)], sidebars: reference.sidebars };
}

/** Every configured OpenAPI spec to pages and sidebar sections. Spec problems fail the build. */
export async function buildApiReference(
  root: string,
  config: PortalConfig,
  processor: MarkdownProcessor,
  /** Draws the Markdown trees of descriptions, guides and samples (the kinds' article renderer). */
  renderArticle: ArticleRenderer,
  diagnostics: Diagnostics,
  /** The label registry: each request-sample tab is labelled with the check its language gets. */
  sampleChecks?: SampleChecks,
  /** Each spec's last commit time (ISO), for its changelog page; absent outside git. */
  specDates: ReadonlyMap<string, string> = new Map(),
  /** The releases of the npm package a spec is published as (`history.publishedBy`), for its changelog page. */
  readPublished?: ReadPublished,
): Promise<ApiReference> {
  const pages: Page[] = [];
  const sidebars: SidebarExtension[] = [];
  const changelogs: ApiReference['changelogs'] = [];
  // Each API publishes its description as <folder>/openapi.yaml: two in one folder would overwrite it.
  const folders = new Map<string, string>();
  for (const source of config.openapi) {
    const sharing = folders.get(source.folder);
    if (sharing) {
      diagnostics.error({ file: 'portal.config.ts', message: `openapi "${source.spec}": folder "${source.folder}" is already the folder of "${sharing}"`, hint: 'Give each openapi entry a folder of its own: each publishes its description there as openapi.yaml and openapi.json.' });
      continue;
    }
    folders.set(source.folder, source.spec);
    const absolute = path.resolve(root, source.spec);
    let loaded;
    try {
      loaded = await loadSpec(absolute, source.spec, configFileRoots(root, source.spec));
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      for (const problem of error.problems) diagnostics.error(problem);
      continue;
    }
    for (const note of loaded.notes) diagnostics.warn({ file: source.spec, message: note.replace(`${source.spec}: `, '') });
    const spec = loaded.document;
    const operations = listOperations(spec);
    for (const entry of operations) {
      const operationPointer = pointerOf(entry);
      for (const problem of readCodeSamples(entry.operation).problems) {
        const pointer = `${operationPointer}/${problem.pointer}`;
        diagnostics.warn({ ...loaded.locate(pointer), message: `at ${pointer}: ${problem.message}`, hint: problem.hint });
      }
    }
    for (const problem of routeClashes(source, spec, operations, loaded.locate)) diagnostics.error(problem);
    const resolveLink = specLinkResolver(operations.map((entry) => ({ summary: entry.operation.summary, operationId: entry.operation.operationId, route: operationRoute(source, entry) })), source.linkBase);
    const linkHint = source.linkBase ? undefined : 'If the spec was written for another site, set "linkBase" on its openapi entry in portal.config.ts.';
    // A large spec repeats the same texts and examples (shared schemas) on hundreds of pages:
    // each distinct one is rendered, and its problems reported, once.
    const rendered = new Map<string, { html: string; hast?: Root; links: CollectedLink[] }>();
    const highlighted = new Map<string, string>();
    // Spec text may come from outside: it goes through the same Markdown pipeline, which drops
    // raw HTML and rejects unsafe links.
    const render: MarkdownRenderer = {
      toHtml: (markdown, links, placement) => {
        let done = rendered.get(markdown);
        if (!done) {
          const result = renderMarkdown(processor, markdown, absolute);
          // Positions are within the description, not the spec file: name its JSON pointer instead.
          const where = loaded.textPointers.get(markdown);
          // A component-like tag in spec text (Twilio's `<Conference>`, a TwiML verb) is shown as
          // text, as its authors meant it; the hint about MDX components is for guide writers.
          // Nor can a spec's own outside images (GitHub's emoji) be given a size by this site.
          const messages = result.messages.filter((message) => message.ruleId !== 'tag-shown-as-text' && message.ruleId !== 'image-without-size').map(({ line: _line, column: _column, ruleId: _rule, ...rest }) => rest);
          // Without positions inside the text, two occurrences of one slip ("<currency>" twice) read the same: said once.
          const distinct = messages.filter((message, index) => messages.findIndex((other) => other.message === message.message && other.fatal === message.fatal) === index);
          reportMarkdownMessages(distinct, diagnostics, source.spec, where ? `at ${where}: ` : 'in a description: ');
          // A leading "# Title" is lifted out of a guide for its page title; in spec text it is the text's own.
          if (result.leadingTitle) result.hast.children.unshift({ type: 'element', tagName: 'h1', properties: {}, children: [{ type: 'text', value: result.leadingTitle }] });
          const kept = rewriteSpecLinks(result.hast, result.links, resolveLink);
          const collected = kept.map((link) => ({ href: link.href, where, hint: link.href.startsWith('#') ? undefined : linkHint }));
          // Text with headings is placed anew on each page (levels and ids depend on where it is shown).
          done = hasHeadings(result.hast) ? { html: '', hast: result.hast, links: collected } : { html: renderArticle(result.hast), links: collected };
          rendered.set(markdown, done);
        }
        if (!done.hast) {
          links.push(...done.links);
          return done.html;
        }
        const tree = structuredClone(done.hast);
        const renamed = placeDescriptionHeadings(tree, placement?.level ?? 1, placement?.ids ?? new Set());
        links.push(...done.links.map((link) => (renamed.has(link.href.slice(1)) && link.href.startsWith('#') ? { ...link, href: `#${renamed.get(link.href.slice(1))}` } : link)));
        return renderArticle(tree);
      },
      highlight: (code, language, check) => {
        const key = `${language}\n${JSON.stringify(check ?? null)}\n${code}`;
        let html = highlighted.get(key);
        if (html === undefined) {
          // Labelled by the caller only: the guides' language map says nothing about spec code.
          html = renderArticle(renderMarkdown(processor, fence(code, language), absolute, 0, { sampleCheck: check ?? null }).hast);
          highlighted.set(key, html);
        }
        return html;
      },
    };
    const guideFile = source.guide && path.resolve(root, source.guide);
    if (guideFile && !fs.existsSync(guideFile)) {
      diagnostics.error({ file: 'portal.config.ts', message: `openapi guide "${source.guide}" not found`, hint: 'Check the "guide" path (relative to the config file).' });
    }
    const guide = guideFile && fs.existsSync(guideFile) ? renderGuide(processor, renderArticle, guideFile, source.guide!, configFileRoots(root, source.guide!), diagnostics) : undefined;
    // Samples, example checks and the changelog are extras: one that fails is a warning, not a failed build.
    const guard = enrichmentGuard(diagnostics, loaded.locate);
    // Every JSON response example is validated against its schema as its page is made.
    const validator = guard('check of response examples against their schemas', '', undefined, () => schemaValidator(loaded.bundled));
    const checkResponseExample = validator && responseExampleCheck({ validator, sampleChecks, diagnostics, locate: loaded.locate, guard });
    const result = buildOpenApiPages(source, spec, operations, render, guide, loaded.bundled, sampleChecks, checkResponseExample, guard);
    pages.push(...result.pages);
    locateOperationPages(result.pages, loaded.locate);
    const routes = new Map(operations.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, operationRoute(source, entry)]));
    const changelog = await buildApiChangelog(root, config, source, { document: spec, bundled: loaded.bundled }, specDates.get(source.spec)?.slice(0, 10), (operation) => routes.get(operation), diagnostics, guard, readPublished);
    if (changelog) changelogs.push({ page: changelog, sidebar: result.sidebar });
    sidebars.push(result.sidebar, ...result.tagSidebars);
  }
  return { pages, sidebars, changelogs };
}

/**
 * The hand-written guide is a page of this site, not spec text: its links are routes here. Its
 * problems carry its own file and lines; its links carry them in `where`, since the overview
 * page they end up on is reported under the spec's file.
 */
function renderGuide(processor: MarkdownProcessor, renderArticle: ArticleRenderer, file: string, displayFile: string, roots: readonly string[], diagnostics: Diagnostics): RenderedGuide | undefined {
  const text = readUtf8File(file, displayFile, diagnostics, roots);
  if (text === undefined) return undefined;
  const result = renderMarkdown(processor, text, file);
  reportMarkdownMessages(result.messages, diagnostics, displayFile);
  return { html: renderArticle(result.hast), links: result.links.map((link) => ({ href: link.href, where: [displayFile, link.line, link.column].filter(Boolean).join(':') })) };
}
