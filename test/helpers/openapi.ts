import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateConfig } from '../../src/config/load.ts';
import { AssetRegistry } from '../../src/content/assets.ts';
import { createContentProcessor } from '../../src/content/doc-pages.ts';
import type { SampleChecks } from '../../src/markdown/sample-checks.ts';
import { Diagnostics } from '../../src/errors.ts';
import type { MarkdownProcessor } from '../../src/markdown/pipeline.ts';
import type { Page } from '../../src/page.ts';
import { buildApiReference } from '../../src/openapi/index.ts';
import { bodyOf as kindBodyOf, twinOf as kindTwinOf } from '../../src/kinds/table.ts';
import { pageBudgetProblems } from '../../src/kinds/api-operation-budget.ts';
import { imagesBesideThePage } from './twin-images.ts';
import fixtureConfig from '../fixtures/basic/portal.config.ts';
import { renderArticle } from '../../src/kinds/article.tsx';

// Spec folders are made in the temporary folder: the project their descriptions' images may come from.
export const markdownProcessor = createContentProcessor([], new AssetRegistry(), { root: os.tmpdir() });

/** Writes spec files (name -> YAML or JSON text) into a fresh temporary folder; returns it. */
export function specFolder(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
  return root;
}

/** The API reference of one spec in `root`, as a build makes it (labelled by `sampleChecks` when given), with the problems it reported. */
export async function apiReference(root: string, entry: Record<string, unknown>, processor: MarkdownProcessor = markdownProcessor, sampleChecks?: SampleChecks) {
  const config = validateConfig({ ...fixtureConfig, openapi: [{ area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' }, ...entry }] });
  const diagnostics = new Diagnostics();
  const result = await buildApiReference(root, config, processor, renderArticle, diagnostics, sampleChecks);
  // The reference phase's size check of the operation pages, as the build runs it.
  for (const problem of pageBudgetProblems(result.pages)) diagnostics.warn(problem);
  return { ...result, diagnostics };
}

/** The article markup of a generated page. */
/** A page's article markup, as its kind draws it (the API kinds need no site context). */
export const bodyOf = (page: Page | undefined): string => (page ? kindBodyOf(page, { site: {} as never, siteUrl: 'https://example.test', home: [] }) : '');

/** The visible text of some markup, entities decoded, so assertions ignore highlighting spans. */
export const textOf = (html: string): string =>
  html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** A page's Markdown twin as the build writes it (resolvers that find nothing: API twins need none). */
export function twinOf(page: Page, siteUrl = 'https://example.test'): string {
  return kindTwinOf(page, { root: '', home: [], siteUrl, markdownLink: () => undefined, assetOf: () => undefined, images: imagesBesideThePage });
}
