import type { Element, ElementContent, Root, Text } from 'hast';
import { toString } from 'hast-util-to-string';
import { common, createLowlight } from 'lowlight';
import groovy from 'highlight.js/lib/languages/groovy';
import http from 'highlight.js/lib/languages/http';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import properties from 'highlight.js/lib/languages/properties';
import type { VFile } from 'vfile';
import type { SampleCheckLabel } from '../../shared/sample-check.ts';
import { SKIP, visit } from '../visit.ts';

// One highlighter for the whole process: registering grammars is the expensive part.
const lowlight = createLowlight({ ...common, groovy, http, dockerfile, properties });
lowlight.registerAlias({ typescript: ['ts', 'tsx', 'mts'], javascript: ['js', 'jsx', 'mjs', 'cjs'], bash: ['sh', 'shell', 'zsh', 'console'], xml: ['html', 'svg'], kotlin: ['kt', 'kts', 'gradle.kts'], yaml: ['yml'], json: ['jsonc', 'json5'] });
const plain = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none']);

// The blocks this plugin filled: their spans are all its own (no links, images or tables), so
// the plugins after it skip them instead of walking every token of every block.
const filledBlocks = new WeakSet<Element>();

/** Whether `node` is a code block this plugin highlighted (its content is spans and text only). */
export const isHighlightedBlock = (node: Element): boolean => filledBlocks.has(node);

/** Whether a fenced block of this language is highlighted (or meant as plain text). */
export const highlightsLanguage = (language: string): boolean => plain.has(language) || lowlight.registered(language);

export interface CodeMeta {
  title?: string;
  highlightedLines: Set<number>;
  fragment?: string;
  /** `showLineNumbers` (from 1) or `showLineNumbers=5` (from 5). */
  firstLineNumber?: number;
}

/** Reads `title="..." {1,3-5} fragment="..."` from a code block's info string. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const result: CodeMeta = { highlightedLines: new Set() };
  if (!meta) return result;
  for (const match of meta.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const value = match[2] ?? match[3] ?? match[4];
    if (match[1] === 'title') result.title = value;
    if (match[1] === 'fragment') result.fragment = value;
  }
  if (result.fragment === undefined && /(^|\s)fragment(\s|$)/.test(meta)) result.fragment = '';
  const lineNumbers = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(meta);
  if (lineNumbers) result.firstLineNumber = Number(lineNumbers[1] ?? 1);
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  for (const part of ranges?.[1].split(',') ?? []) {
    const [from, to = from] = part.trim().split('-').map(Number);
    for (let line = from; line <= to && line - from < 10_000; line++) result.highlightedLines.add(line);
  }
  return result;
}

export interface CodeBlockOptions {
  /** What the test suite checks a block of this language on this page with (content/sample-checks.json). */
  checkedWith?: (language: string, file: VFile) => string | undefined;
}

/**
 * Code that is not a page of content/ (an API request sample, a package's @example) is labelled
 * by its caller, who knows which check, if any, ran on it: `renderMarkdown(…, { sampleCheck })`
 * puts the label here. `null` says "no label", so the guides' language map is not consulted.
 */
const sampleCheckOf = (file: VFile): SampleCheckLabel | null | undefined => file.data.sampleCheck;

// Docusaurus's magic comments, in any language's comment style: the comment line is removed
// and the lines it names are highlighted.
const magicComment = /^\s*(?:\/\/|#|--|%|;|\/\*|<!--|\{\/\*)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/\}?|-->)?\s*$/;

/** Removes magic comment lines; returns the code left and the (1-based) lines they highlight. */
export function applyMagicComments(source: string): { code: string; highlighted: Set<number> } {
  const kept: string[] = [];
  const highlighted = new Set<number>();
  let nextLine = false;
  let inRange = false;
  for (const line of source.split('\n')) {
    const directive = magicComment.exec(line)?.[1];
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') inRange = true;
    else if (directive === 'highlight-end') inRange = false;
    else {
      kept.push(line);
      if (nextLine || inRange) highlighted.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlighted };
}

/**
 * Highlights fenced code at build time (nothing is highlighted in the browser), splits it
 * into lines so ranges can be marked, and records the title and, for a verified block that is
 * not a fragment, what it was checked with, for the CodeBlock template.
 */
export function rehypeCodeBlocks(options: CodeBlockOptions = {}) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (!code) return;
      const languageClass = ((code.properties.className as string[] | undefined) ?? []).find((c) => c.startsWith('language-'));
      const language = languageClass?.slice('language-'.length).toLowerCase() ?? '';
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
      const magic = applyMagicComments(toString(code).replace(/\n$/, ''));
      const source = magic.code;
      for (const line of magic.highlighted) meta.highlightedLines.add(line);
      let highlighted: ElementContent[];
      const known = lowlight.registered(language);
      if (plain.has(language)) highlighted = [{ type: 'text', value: source }];
      else if (known) highlighted = lowlight.highlight(language, source).children as ElementContent[];
      else {
        // A mermaid block left here is one rehypeMermaid could not draw, and it has said why.
        if (language !== 'mermaid') file.message(`code block language "${language}" is not known; shown without highlighting`, node);
        highlighted = [{ type: 'text', value: source }];
      }
      const lines = splitLines(highlighted).map((children, index) => ({
        type: 'element' as const,
        tagName: 'span',
        properties: {
          className: meta.highlightedLines.has(index + 1) ? ['line', 'line-highlighted'] : ['line'],
          // The number is drawn by CSS from this attribute, so copying the code never copies it.
          dataLine: meta.firstLineNumber === undefined ? undefined : meta.firstLineNumber + index,
        },
        children,
      }));
      code.children = lines.flatMap((line, index) => (index === 0 ? [line] : [{ type: 'text', value: '\n' } as Text, line]));
      code.properties = { className: known ? ['hljs', `language-${language}`] : ['hljs'] };
      node.properties = {
        ...node.properties,
        dataLanguage: language || undefined,
        dataTitle: meta.title,
        ...checkProperties(sampleCheckOf(file) !== undefined ? sampleCheckOf(file) : meta.fragment === undefined && language ? guideCheck(options.checkedWith?.(language, file)) : undefined),
        dataLineNumbers: meta.firstLineNumber === undefined ? undefined : '',
      };
      filledBlocks.add(node);
      return SKIP; // the spans just made need no visit
    });
  };
}

const guideCheck = (checkedWith: string | undefined): SampleCheckLabel | undefined => (checkedWith ? { checked: true, checkedWith } : undefined);

/** The CodeBlock template's attributes for a block's label. */
function checkProperties(label: SampleCheckLabel | null | undefined): { dataCheckedWith?: string; dataNotChecked?: string } {
  if (!label) return {};
  return label.checked ? { dataCheckedWith: label.checkedWith } : { dataNotChecked: label.reason };
}

/** Splits highlighted nodes into one node list per source line, cloning spans that cross lines. */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  for (const node of nodes) {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part) lines[lines.length - 1].push({ type: 'text', value: part });
      });
    } else if (node.type === 'element') {
      splitLines(node.children).forEach((children, index) => {
        if (index > 0) lines.push([]);
        if (children.length) lines[lines.length - 1].push({ ...node, children });
      });
    }
  }
  return lines;
}
