import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { AssetRegistry } from '../content/assets.ts';
import type { SymbolLookup } from '../markdown/doc-links.ts';
import { referenceMarkdown } from '../content/doc-pages.ts';
import type { DocSource } from '../content/docs.ts';
import { packageExampleLabel, type SampleChecks } from '../markdown/sample-checks.ts';
import type { SidebarExtension } from '../page.ts';
import { Diagnostics } from '../errors.ts';
import { readGitDates } from '../site/git-dates.ts';
import { packageBodyHtml } from '../kinds/package.tsx';
import type { MarkdownProcessor } from '../markdown/pipeline.ts';
import type { Page } from '../page.ts';
import type { SymbolEntry } from '../typedoc/symbol-entries.ts';
import type { PackageReference } from '../typedoc/index.ts';
import type { BuildCache } from './build-cache.ts';
import { referenceKey } from './reference-key.ts';
import { renderArticle } from '../kinds/article.tsx';
import { pageBudgetProblems } from '../kinds/api-operation-budget.ts';
import { readReleases } from '../typedoc/releases.ts';

/** A site with no npmReference entry: what the TypeDoc source would make of it, without loading it (fresh each build: its lists are the build's own). */
const noPackages = (): PackageReference => ({ pages: [], sidebars: [], symbols: new Map(), areas: [], entries: () => [], stats: { converted: [], fromCache: [] } });

export interface ReferenceInputs {
  root: string;
  config: PortalConfig;
  docs: DocSource[];
  sampleChecks: SampleChecks;
  processor: MarkdownProcessor;
  assets: AssetRegistry;
  /** Filled in here: the exported names of each area's packages, for the docs' symbol links. */
  symbols: SymbolLookup;
  cache: BuildCache | undefined;
}

export interface ReferencePages {
  pages: Page[];
  sidebars: SidebarExtension[];
  /** Every npm export with its signature and route, published for assistants. */
  symbolEntries: SymbolEntry[];
  /** Which npm packages TypeDoc converted and which came from the cache. */
  typedoc: { converted: string[]; fromCache: string[] };
}

/**
 * The reference phase: API pages from the OpenAPI specs, package pages from TypeDoc models, and
 * the symbol table the guides link names with. Reused whole from the cache while its inputs
 * (reference-key.ts) are the same; its problems are reported either way.
 */
export async function referencePhase({ root, config, docs, sampleChecks, processor, assets, symbols, cache }: ReferenceInputs, diagnostics: Diagnostics): Promise<ReferencePages> {
  const report = (problems: Diagnostics['problems']) => {
    for (const problem of problems) (problem.severity === 'error' ? diagnostics.error(problem) : diagnostics.warn(problem));
  };
  // The API changelogs date the spec the site builds by its last commit.
  const specDates = new Map([...readGitDates(root, config.openapi.map((source) => path.dirname(source.spec))).byFile].filter(([file]) => config.openapi.some((source) => source.spec === file)));
  const key = cache && referenceKey(cache.generator, root, config, docs, sampleChecks, specDates);
  const cached = key ? cache!.reference.get(key) : undefined;
  if (cached) {
    report(cached.problems);
    for (const [url, file] of cached.assets) assets.record(url, file);
    symbols.areas = new Map(cached.symbols.map(([area, names]) => [area, { byName: new Map(names) }]));
    return { pages: cached.pages, sidebars: cached.sidebars, symbolEntries: cached.symbolEntries, typedoc: { converted: [], fromCache: cached.packages } };
  }
  const phaseDiagnostics = new Diagnostics();
  const published = new Set(assets.files.keys());
  // Each source is loaded only when the phase runs and the site configures it: TypeDoc with
  // TypeScript, and the OpenAPI parser with the sample generators, each take most of a second of
  // a command's start, which a warm build (phase cached) or a site without them never needs.
  // The npm packages first, so their histories' comparisons start on a second core at once
  // (typedoc/index.ts), while this thread builds the API reference and converts. Their problems
  // are said after the API's, as when one came after the other, so the order of messages does
  // not depend on which ends first.
  const packageDiagnostics = new Diagnostics();
  const converting = config.npmReference.length ? import('../typedoc/index.ts').then(async (typedoc) => ({ typedoc, converted: await typedoc.convertPackages(root, config, packageDiagnostics) })) : undefined;
  // Awaited below; a failure before then is reported there.
  converting?.catch(() => undefined);
  const api = config.openapi.length
    ? await import('../openapi/index.ts').then(async ({ buildApiReference, withChangelogs }) => withChangelogs(await buildApiReference(root, config, processor, renderArticle, phaseDiagnostics, sampleChecks, specDates, (name) => readReleases(root, name))))
    : { pages: [], sidebars: [] };
  // An operation page past its size budget is said once, here, where its kind draws it (the page job reuses the markup).
  for (const problem of pageBudgetProblems(api.pages)) phaseDiagnostics.warn(problem);
  const packages = converting
    ? await converting.then(({ typedoc, converted }) => {
        phaseDiagnostics.problems.push(...packageDiagnostics.problems);
        return typedoc.packageReference(converted, root, config, {
          md: (markdown) => referenceMarkdown(processor, renderArticle, markdown, phaseDiagnostics),
          example: (pkg, markdown) => referenceMarkdown(processor, renderArticle, markdown, phaseDiagnostics, packageExampleLabel(sampleChecks, pkg, markdown)),
        });
      })
    : noPackages();
  // Only the names matter to the docs (and to their cache keys): the same shape whether built or reused.
  symbols.areas = new Map([...packages.symbols].map(([area, table]) => [area, { byName: new Map(table.byName) }]));
  report(phaseDiagnostics.problems);
  const result = { pages: [...api.pages, ...packages.pages], sidebars: [...api.sidebars, ...packages.sidebars], symbolEntries: packages.entries(packageBodyHtml) };
  if (key && !phaseDiagnostics.errors.length) {
    cache!.reference.set(key, {
      ...result,
      problems: phaseDiagnostics.problems,
      assets: [...assets.files].filter(([url]) => !published.has(url)),
      symbols: [...packages.symbols].map(([area, table]) => [area, [...table.byName]]),
      packages: [...packages.stats.converted, ...packages.stats.fromCache],
    });
  }
  return { ...result, typedoc: packages.stats };
}
