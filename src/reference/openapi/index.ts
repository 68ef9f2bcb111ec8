import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../../config/schema.ts';
import type { SidebarExtension } from '../../content/sidebars.ts';
import { type Diagnostics, PortalError } from '../../errors.ts';
import { type MarkdownProcessor, renderMarkdown, reportMarkdownMessages } from '../../markdown/pipeline.ts';
import type { Page } from '../../page.ts';
import { renderArticle } from '../../render/article.tsx';
import { loadSpec } from './load-spec.ts';
import { buildOpenApiPages, type MarkdownRenderer } from './pages.tsx';

/** Every configured OpenAPI spec to pages and sidebar sections. Spec problems fail the build. */
export async function buildApiReference(root: string, config: PortalConfig, processor: MarkdownProcessor, diagnostics: Diagnostics): Promise<{ pages: Page[]; sidebars: SidebarExtension[] }> {
  const pages: Page[] = [];
  const sidebars: SidebarExtension[] = [];
  for (const source of config.openapi) {
    const absolute = path.resolve(root, source.spec);
    let spec;
    try {
      spec = await loadSpec(absolute, source.spec);
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      for (const problem of error.problems) diagnostics.error(problem);
      continue;
    }
    // Spec text may come from outside: it goes through the same Markdown pipeline, which drops
    // raw HTML and rejects unsafe links.
    const render: MarkdownRenderer = {
      toHtml: (markdown, links) => {
        const result = renderMarkdown(processor, markdown, absolute);
        // Positions are within the description, not the spec file: leave them out.
        reportMarkdownMessages(result.messages.map(({ line: _line, column: _column, ...rest }) => rest), diagnostics, source.spec, 'in a description: ');
        links.push(...result.links.map((link) => ({ href: link.href })));
        return renderArticle(result.hast);
      },
      highlight: (code, language) => {
        const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
        return renderArticle(renderMarkdown(processor, `${fence}${language}\n${code}\n${fence}`, absolute).hast);
      },
    };
    const guideFile = source.guide && path.resolve(root, source.guide);
    if (guideFile && !fs.existsSync(guideFile)) {
      diagnostics.error({ file: 'portal.config.ts', message: `openapi guide "${source.guide}" not found`, hint: 'Check the "guide" path (relative to the config file).' });
    }
    const guide = guideFile && fs.existsSync(guideFile) ? fs.readFileSync(guideFile, 'utf8') : undefined;
    const result = buildOpenApiPages(source, spec, render, guide);
    pages.push(...result.pages);
    sidebars.push(result.sidebar);
  }
  return { pages, sidebars };
}
