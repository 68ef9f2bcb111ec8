import type { Page } from '../page.ts';
import type { AreaId } from '../shared/types.ts';
import { portalVersion } from '../portal-version.ts';
import { assistantIntro, assistantSetups } from '../shared/assistant-setup.ts';
import { absoluteUrl, twinUrl } from './absolute-links.ts';
import { fence } from '../shared/markdown-fence.ts';

export interface TwinnedPage {
  page: Page;
  markdown: string;
  /** Where llms.txt lists it: its kind's policy (src/kinds). */
  llms: 'guide' | 'operation' | 'reference';
}

export interface LlmsSite {
  title: string;
  tagline: string;
  siteUrl: string;
  areas: { id: AreaId; label: string; path: string }[];
}

export interface LlmsFile {
  /** Output path, e.g. "llms.txt" or "docs/vpaas/llms.txt". */
  file: string;
  contents: string;
}

const byRoute = (a: TwinnedPage, b: TwinnedPage) => a.page.route.localeCompare(b.page.route);
const oneLine = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim();

function entry({ page }: TwinnedPage, siteUrl: string): string {
  const description = oneLine(page.description);
  return `- [${escapeTitle(page.title)}](${twinUrl(page.route, siteUrl)})${description ? `: ${description}` : ''}`;
}

const escapeTitle = (title: string) => title.replace(/[[\]]/g, '\\$&');

/** An npm package's reference: its index page and every page under it, listed in a file of their own. */
interface PackageReference {
  index: TwinnedPage;
  pages: TwinnedPage[];
  /** Output path of the package's own llms.txt, beside its index page's folder. */
  file: string;
}

/**
 * npm reference pages grouped by package: a package is the shortest reference route the others
 * sit under (`/docs/x/npm-packages/media` holds `…/media/modules`, `…/media/interfaces/Foo`).
 */
function packagesOf(pages: TwinnedPage[]): PackageReference[] {
  const reference = pages.filter((twin) => twin.llms === 'reference').sort((a, b) => a.page.route.length - b.page.route.length || byRoute(a, b));
  const packages: PackageReference[] = [];
  for (const twin of reference) {
    const owner = packages.find((pkg) => twin.page.route.startsWith(`${pkg.index.page.route}/`));
    if (owner) owner.pages.push(twin);
    else packages.push({ index: twin, pages: [twin], file: `${twin.page.route.slice(1)}/llms.txt` });
  }
  for (const pkg of packages) pkg.pages.sort(byRoute);
  return packages.sort((a, b) => byRoute(a.index, b.index));
}

/**
 * One area's sections: its guides first, then its API operations and one line per npm package
 * (each package's pages are listed in the package's own llms.txt, so no index outgrows what an
 * assistant reads whole).
 */
function areaSections(label: string, pages: TwinnedPage[], packages: PackageReference[], siteUrl: string): string[] {
  const base = siteUrl.replace(/\/$/, '');
  const guides = pages.filter((twin) => twin.llms === 'guide').sort(byRoute);
  const operations = pages.filter((twin) => twin.llms === 'operation').sort(byRoute);
  const sections: string[] = [];
  if (guides.length) sections.push(`## ${label}`, guides.map((twin) => entry(twin, siteUrl)).join('\n'));
  const packageLines = packages.map((pkg) => {
    const summary = oneLine(pkg.index.page.description);
    return `- [${escapeTitle(pkg.index.page.title)}](${base}/${pkg.file}): the package's reference, ${pkg.pages.length} page${pkg.pages.length === 1 ? '' : 's'}${summary ? `. ${summary}` : ''}`;
  });
  if (operations.length || packageLines.length) sections.push(`## ${label}: API and package reference`, [...operations.map((twin) => entry(twin, siteUrl)), ...packageLines].join('\n'));
  const specs = pages.flatMap(({ page }) => (page.kind === 'api-overview' && page.body.view.download ? [{ title: page.title, ...page.body.view.download }] : [])).sort((a, b) => a.yaml.localeCompare(b.yaml));
  if (specs.length) sections.push(`## ${label}: OpenAPI descriptions`, specs.map((spec) => `- [${spec.title.replace(/[[\]]/g, '\\$&')}](${absoluteUrl(spec.yaml, siteUrl, '/')}): the description the API pages are built from, to import into a client or code generator ([JSON](${absoluteUrl(spec.json, siteUrl, '/')}))`).join('\n'));
  return sections;
}

const full = (pages: TwinnedPage[]) => pages.map((twin) => twin.markdown.trim()).join('\n\n---\n\n') + '\n';
const intro = (title: string, summary: string) => [`# ${title}`, `> ${summary}`];

/**
 * `/llms.txt` (the llms.txt format: an H1, a blockquote summary, then sections of links to each
 * page's Markdown twin with a one-line description): every guide and API operation, and one line
 * per npm package pointing to the package's own `llms.txt`, which lists its reference pages. Each
 * area has the same index under its docs folder, and `llms-full.txt` beside it (every twin of the
 * area in one file); `/llms-full.txt` holds every twin of the site.
 */
export function buildLlmsFiles(twins: TwinnedPage[], site: LlmsSite): LlmsFile[] {
  const base = site.siteUrl.replace(/\/$/, '');
  const files: LlmsFile[] = [];
  const areaLinks = site.areas.map((area) => `- [${area.label}](${base}/docs/${area.path}/llms.txt): the ${area.label} pages only ([full text](${base}/docs/${area.path}/llms-full.txt))`);
  const sections: string[] = [
    ...intro(site.title, site.tagline),
    `Every page of this site has a Markdown twin: add \`.md\` to its URL. Each area's \`llms-full.txt\` holds all of its twins in one file, and [llms-full.txt](${base}/llms-full.txt) those of the whole site.`,
    '## Areas',
    areaLinks.join('\n'),
  ];
  for (const area of site.areas) {
    const pages = twins.filter((twin) => twin.page.area === area.id);
    const packages = packagesOf(pages);
    const areaIndex = areaSections(area.label, pages, packages, site.siteUrl);
    sections.push(...areaIndex);
    files.push({ file: `docs/${area.path}/llms.txt`, contents: [...intro(`${site.title}: ${area.label}`, `The ${area.label} pages of ${site.title}, each linked to its Markdown twin.`), ...areaIndex].join('\n\n') + '\n' });
    files.push({ file: `docs/${area.path}/llms-full.txt`, contents: full([...pages].sort(byRoute)) });
    for (const pkg of packages) {
      files.push({
        file: pkg.file,
        contents: [...intro(`${pkg.index.page.title} (${area.label})`, `The npm reference of ${pkg.index.page.title} on ${site.title}, each page linked to its Markdown twin.`), pkg.pages.map((twin) => entry(twin, site.siteUrl)).join('\n')].join('\n\n') + '\n',
      });
    }
  }
  const others = twins.filter((twin) => !twin.page.area).sort(byRoute);
  if (others.length) sections.push('## Other pages', others.map((twin) => entry(twin, site.siteUrl)).join('\n'));
  sections.push(assistantSection(site.siteUrl));
  files.unshift({ file: 'llms.txt', contents: sections.join('\n\n') + '\n' }, { file: 'llms-full.txt', contents: full(twins) });
  return files;
}

/** How to give an assistant these docs over MCP: the home page's "Add to your assistant", as Markdown. */
export function assistantSection(siteUrl: string): string {
  const setups = assistantSetups(siteUrl, portalVersion()).map((setup) => [`### ${setup.assistant}`, setup.file ? `Save this as \`${setup.file}\` in your project:` : 'Run this once in your project:', fence(setup.code, setup.language)].join('\n\n'));
  return ['## Add to your assistant', assistantIntro, ...setups].join('\n\n');
}
