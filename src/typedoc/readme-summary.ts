import fs from 'node:fs';
import path from 'node:path';
import type { Paragraph, PhrasingContent, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Problem } from '../errors.ts';
import { readPublishableFile } from '../util/project-files.ts';

// A package's front page opens with what its own README says it is: the opening paragraphs of
// the README.md its tarball ships, read under the publish rule (a README that is a symlink out of
// the package, or hidden, is not read). Only prose is kept: images and badges go, and a link
// that is not an absolute web address (a file of the package's repository) keeps only its text,
// since the portal does not publish the files it names.

const parser = unified().use(remarkParse).use(remarkGfm);

/** At most this many paragraphs: a summary, not the README. */
const maxParagraphs = 2;

/** The README file of a package folder, whatever its case (`README.md`, `readme.md`). */
function readmeFile(directory: string): string | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(directory);
  } catch {
    return undefined;
  }
  const name = names.find((candidate) => /^readme\.md$/i.test(candidate));
  return name && path.join(directory, name);
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** A paragraph of nothing but images, links around images and line breaks: a row of badges. */
function isBadges(paragraph: Paragraph): boolean {
  const visible = (node: PhrasingContent): boolean =>
    node.type === 'image' || node.type === 'imageReference' || node.type === 'break' || (node.type === 'text' && !node.value.trim()) || ((node.type === 'link' || node.type === 'linkReference') && node.children.every(visible));
  return paragraph.children.every(visible);
}

/** The paragraph's source as Markdown, without images, HTML and links to anything but web addresses. */
function paragraphMarkdown(source: string, paragraph: Paragraph): string {
  const cuts: { start: number; end: number; text: string }[] = [];
  const visit = (nodes: PhrasingContent[]) => {
    for (const node of nodes) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) continue;
      if (node.type === 'image' || node.type === 'imageReference' || node.type === 'html') cuts.push({ start, end, text: '' });
      else if ((node.type === 'link' && !isWebAddress(node.url)) || node.type === 'linkReference') {
        const first = node.children[0]?.position?.start.offset;
        const last = node.children.at(-1)?.position?.end.offset;
        cuts.push({ start, end, text: first !== undefined && last !== undefined ? source.slice(first, last) : '' });
      } else if ('children' in node) visit(node.children as PhrasingContent[]);
    }
  };
  visit(paragraph.children);
  const from = paragraph.position!.start.offset!;
  let text = source.slice(from, paragraph.position!.end.offset!);
  for (const cut of cuts.sort((a, b) => b.start - a.start)) text = text.slice(0, cut.start - from) + cut.text + text.slice(cut.end - from);
  return text.replace(/[ \t]+$/gm, '').trim();
}

/**
 * The opening paragraphs of a README, as Markdown: the paragraphs after its title (and any
 * badges or HTML under it), up to the first heading, list, code block or other content.
 */
export function readmeSummaryOf(source: string): string | undefined {
  const tree = parser.parse(source) as Root;
  const paragraphs: string[] = [];
  for (const node of tree.children) {
    if (paragraphs.length === 0 && ((node.type === 'heading' && node.depth === 1) || node.type === 'html' || node.type === 'definition' || (node.type === 'paragraph' && isBadges(node)))) continue;
    if (node.type !== 'paragraph' || paragraphs.length === maxParagraphs) break;
    const text = paragraphMarkdown(source, node);
    if (text) paragraphs.push(text);
  }
  return paragraphs.length ? paragraphs.join('\n\n') : undefined;
}

/** The README summary of an installed package, or a warning when its README may not be read. */
export function readmeSummary(directory: string, packageName: string): { summary?: string; problem?: Problem } {
  const file = readmeFile(directory);
  if (!file) return {};
  const read = readPublishableFile(file, [directory], { within: `the package ${packageName}` });
  if (read.status === 'missing') return {};
  if (read.status === 'refused') {
    return {
      problem: {
        severity: 'warning',
        file: `${packageName}/${path.basename(file)}`,
        message: `npm package ${packageName}: its README ${read.refusal.reason}; the package page shows no summary from it`,
        hint: read.refusal.hint,
      },
    };
  }
  const summary = readmeSummaryOf(read.bytes.toString('utf8'));
  return summary ? { summary } : {};
}
