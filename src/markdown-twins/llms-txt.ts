import type { Page } from '../page.ts';
import type { AreaId } from '../shared/types.ts';
import { assistantSetups } from '../shared/assistant-setup.ts';
import { absoluteUrl, twinUrl } from './absolute-links.ts';
import { fence } from './openapi.ts';

export interface TwinnedPage {
  page: Page;
  markdown: string;
}

export interface LlmsSite {
  title: string;
  tagline: string;
  siteUrl: string;
  areas: { id: AreaId; label: string; path: string }[];
}

export interface LlmsFile {
  /** Output path, e.g. "llms.txt" or "docs/vpaas/llms-full.txt". */
  file: string;
  contents: string;
}

const isReference = (page: Page) => page.kind === 'api-operation' || page.kind === 'reference';
const byRoute = (a: TwinnedPage, b: TwinnedPage) => a.page.route.localeCompare(b.page.route);
const oneLine = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim();

function entry({ page }: TwinnedPage, siteUrl: string): string {
  const description = oneLine(page.description);
  return `- [${page.title.replace(/[[\]]/g, '\\$&')}](${twinUrl(page.route, siteUrl)})${description ? `: ${description}` : ''}`;
}

/** One area's sections: its guides first, then its generated API and package reference (long, and needed less often). */
function areaSections(label: string, pages: TwinnedPage[], siteUrl: string): string[] {
  const guides = pages.filter((twin) => !isReference(twin.page)).sort(byRoute);
  const reference = pages.filter((twin) => isReference(twin.page)).sort(byRoute);
  const sections: string[] = [];
  if (guides.length) sections.push(`## ${label}`, guides.map((twin) => entry(twin, siteUrl)).join('\n'));
  if (reference.length) sections.push(`## ${label}: API and package reference`, reference.map((twin) => entry(twin, siteUrl)).join('\n'));
  const specs = pages.flatMap(({ page }) => (page.body.type === 'api-overview' && page.body.view?.download ? [{ title: page.title, ...page.body.view.download }] : [])).sort((a, b) => a.yaml.localeCompare(b.yaml));
  if (specs.length) sections.push(`## ${label}: OpenAPI descriptions`, specs.map((spec) => `- [${spec.title.replace(/[[\]]/g, '\\$&')}](${absoluteUrl(spec.yaml, siteUrl, '/')}): the description the API pages are built from, to import into a client or code generator ([JSON](${absoluteUrl(spec.json, siteUrl, '/')}))`).join('\n'));
  return sections;
}

const full = (pages: TwinnedPage[]) => pages.map((twin) => twin.markdown.trim()).join('\n\n---\n\n') + '\n';

/**
 * `/llms.txt` (the llms.txt format: an H1, a blockquote summary, then sections of links to each
 * page's Markdown twin with a one-line description), `/llms-full.txt` (every twin in one file),
 * and the same pair for each area under its docs folder.
 */
export function buildLlmsFiles(twins: TwinnedPage[], site: LlmsSite): LlmsFile[] {
  const base = site.siteUrl.replace(/\/$/, '');
  const files: LlmsFile[] = [];
  const intro = (title: string, summary: string) => [`# ${title}`, `> ${summary}`];
  const areaLinks = site.areas.map((area) => `- [${area.label}](${base}/docs/${area.path}/llms.txt): the ${area.label} pages only ([full text](${base}/docs/${area.path}/llms-full.txt))`);
  const sections: string[] = [
    ...intro(site.title, site.tagline),
    `Every page of this site has a Markdown twin: add \`.md\` to its URL. [llms-full.txt](${base}/llms-full.txt) holds all of them in one file.`,
    '## Areas',
    areaLinks.join('\n'),
  ];
  for (const area of site.areas) {
    const pages = twins.filter((twin) => twin.page.area === area.id);
    sections.push(...areaSections(area.label, pages, site.siteUrl));
    const sorted = [...pages].sort(byRoute);
    files.push({
      file: `docs/${area.path}/llms.txt`,
      contents: [...intro(`${site.title}: ${area.label}`, `The ${area.label} pages of ${site.title}, each linked to its Markdown twin.`), ...areaSections(area.label, pages, site.siteUrl)].join('\n\n') + '\n',
    });
    files.push({ file: `docs/${area.path}/llms-full.txt`, contents: full(sorted) });
  }
  const others = twins.filter((twin) => !twin.page.area).sort(byRoute);
  if (others.length) sections.push('## Other pages', others.map((twin) => entry(twin, site.siteUrl)).join('\n'));
  sections.push(assistantSection(site.siteUrl));
  files.unshift({ file: 'llms.txt', contents: sections.join('\n\n') + '\n' }, { file: 'llms-full.txt', contents: full(twins) });
  return files;
}

/** How to give an assistant these docs over MCP: the home page's "Add to your assistant", as Markdown. */
export function assistantSection(siteUrl: string): string {
  const setups = assistantSetups(siteUrl).map((setup) => [`### ${setup.assistant}`, setup.file ? `In \`${setup.file}\`:` : 'Run:', fence(setup.code, setup.language)].join('\n\n'));
  return ['## Add to your assistant', 'An MCP server searches and reads these docs (pages, API operations, package exports, code samples) from the published site: it needs Node.js, nothing else.', ...setups].join('\n\n');
}
