import GithubSlugger from 'github-slugger';
import { absoluteUrl, twinUrl } from './absolute-links.ts';
import { type TwinHeading, twinHeader } from './twin-header.ts';

/**
 * The most characters a twin may hold before it is split: 100,000 is where Claude Code cuts a
 * fetched page and where afdocs fails a page's size (DEFAULT_THRESHOLDS; it only warns from 50,000).
 * Not lower: afdocs's markdown-content-parity compares a page's HTML with the Markdown its URL
 * serves, which a split twin's index can never match, so a 50-100K twin stays whole at its URL.
 */
export const twinCharacterLimit = 100_000;
/** Sections up to this size stay in the index twin; longer ones move to parts of their own. */
const inlineSectionLimit = 5_000;
/** What a part's body may hold, leaving room for its header under the limit. */
const partBudget = twinCharacterLimit - 2_000;

/** One part of a split twin: where it is written (`<route>/<slug>.md`) and its Markdown. */
export interface TwinPart {
  file: string;
  url: string;
  markdown: string;
}

export interface SplitTwin {
  /** The twin written at the page's own twin URLs: the part before the first section, inline sections, links to the parts. */
  index: string;
  parts: TwinPart[];
}

interface Section {
  heading: string;
  lines: string[];
}

const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;

/** Splits Markdown into the lines before the first heading of `level` and one section per such heading, never inside a code fence. */
function sectionsAt(lines: string[], level: number): { before: string[]; sections: Section[] } {
  const marker = `${'#'.repeat(level)} `;
  const before: string[] = [];
  const sections: Section[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const open = fenceOpen.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = undefined;
    } else if (open) fence = open[1];
    else if (line.startsWith(marker)) {
      sections.push({ heading: line.slice(marker.length).trim(), lines: [line] });
      continue;
    }
    (sections.at(-1)?.lines ?? before).push(line);
  }
  return { before, sections };
}

const sizeOf = (lines: string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);

/** A section's lines in chunks under the budget, cut only between its subsections. */
function chunksOf(section: Section): string[][] {
  const { before, sections: subsections } = sectionsAt(section.lines.slice(1), 3);
  const chunks: string[][] = [];
  let current = [...before];
  for (const sub of subsections) {
    if (current.length && sizeOf(current) + sizeOf(sub.lines) > partBudget) {
      chunks.push(current);
      current = [];
    }
    current.push(...sub.lines);
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/**
 * A twin over the limit as an index twin and parts: each section of the twin (its "## " headings)
 * that is short stays in the index, each long one becomes a part (several, cut between its "### "
 * entries, when it is longer than a part may be), and the index links every part where its section
 * was. Null when the twin fits.
 */
export function splitTwin(markdown: string, page: TwinHeading, siteUrl: string): SplitTwin | null {
  if (markdown.length <= twinCharacterLimit) return null;
  const { before, sections } = sectionsAt(markdown.trimEnd().split('\n'), 2);
  if (!sections.length) return null;
  const slugger = new GithubSlugger();
  const base = page.route === '/' ? '' : page.route;
  const index: string[] = [...before];
  const parts: TwinPart[] = [];
  for (const section of sections) {
    if (sizeOf(section.lines) <= inlineSectionLimit) {
      index.push(...section.lines);
      continue;
    }
    const chunks = chunksOf(section);
    const slug = slugger.slug(section.heading);
    index.push(section.lines[0], '');
    chunks.forEach((chunk, at) => {
      const name = chunks.length === 1 ? slug : `${slug}-${at + 1}`;
      const label = chunks.length === 1 ? section.heading : `${section.heading}, part ${at + 1} of ${chunks.length}`;
      const route = `${base}/${name}`;
      const url = absoluteUrl(`${route}.md`, siteUrl, page.route);
      const title = `${page.title}: ${label}`;
      const body = [`## ${section.heading}`, ...chunk].join('\n').trim();
      parts.push({ file: `${route.slice(1)}.md`, url, markdown: `${twinHeader({ route: page.route, title, description: `One part of the Markdown twin of ${page.title}, whose index <${twinUrl(page.route, siteUrl)}> links every part.` }, siteUrl)}\n\n${body}\n` });
      index.push(`- [${label}](${url})`);
    });
    index.push('');
  }
  return { index: `${index.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`, parts };
}
