import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeSlug from 'rehype-slug';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { Diagnostics } from '../errors.ts';
import type { TocEntry } from '../shared/types.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import { normalizeAdmonitionSyntax } from './plugins/admonition-syntax.ts';
import { remarkAdmonitions } from './plugins/admonitions.ts';
import { type CodeBlockOptions, rehypeCodeBlocks } from './plugins/code-blocks.ts';
import { rehypeHeadingAnchors } from './plugins/heading-anchors.ts';
import { remarkHeadingIds } from './plugins/heading-ids.ts';
import { remarkImageAttributes } from './plugins/image-attributes.ts';
import { type ImageOptions, rehypeImages } from './plugins/images.ts';
import type { CollectedLink } from '../page.ts';
import { brokenMarkdownLinkRule, type LinkOptions, rehypeLinks } from './plugins/links.ts';
import { type MediaHosts, remarkHtmlSubset } from './plugins/html-subset.ts';
import { prepareMdxLines } from './plugins/mdx-lines.ts';
import { spliceParts } from './partials.ts';
import { rehypeReservedIds } from './plugins/reserved-ids.ts';
import { remarkNpm2Yarn } from './plugins/npm2yarn.ts';
import { rehypeTabs, remarkTabDirectives } from './plugins/tabs.ts';
import { remarkUnclosedDirectives, unclosedDirectives } from './plugins/unclosed-directives.ts';
import { rehypeScrollableTables } from './plugins/tables.ts';
import { remarkLeadingTitle } from './plugins/title.ts';
import { rehypeInlineToc, rehypeToc } from './plugins/toc.ts';
import { rehypeMermaid } from './plugins/mermaid.ts';
import { markdownSyntax } from './syntax.ts';
import { rehypeSymbolLinks, type SymbolLinkOptions } from './plugins/symbol-links.ts';
import { maxNesting } from './nesting.ts';
import { copyTree } from './copy-tree.ts';
import type { ParseMemory } from './reparse.ts';

declare module 'vfile' {
  interface DataMap {
    toc: TocEntry[];
    links: CollectedLink[];
    leadingTitle: string;
    sampleCheck: SampleCheckLabel | null;
  }
}

export interface MarkdownOptions extends LinkOptions, ImageOptions, Partial<SymbolLinkOptions>, CodeBlockOptions {
  /** Hosts external images and video embeds may come from (portal.config.ts `media`). */
  media?: MediaHosts;
}

export interface MarkdownMessage {
  line?: number;
  column?: number;
  message: string;
  fatal: boolean;
  /** Which rule spoke, where a caller treats it apart (`tag-shown-as-text`). */
  ruleId?: string;
  /** The fix, printed on the line after the problem (a plugin's `message.note`). */
  hint?: string;
  /** Set when the problem is in a partial the page imports: that file (project-relative), whose own line `line` is. */
  partial?: string;
}

export interface RenderedMarkdown {
  hast: HastRoot;
  /** Every heading h2..h6 with its id, for the TOC (filtered later by the page's levels). */
  toc: TocEntry[];
  links: CollectedLink[];
  /** The text of a leading "# Title", which the template shows as the page's h1. */
  leadingTitle?: string;
  messages: MarkdownMessage[];
  /** With `keepSource`: the parsed Markdown before any plugin changed it, and the text it was parsed from. */
  source?: ParsedMarkdown;
}

/**
 * Draws a rendered tree as article HTML. The kinds own it (src/kinds/article.tsx: admonitions and
 * code blocks are templates); the build hands it to each source that shows Markdown.
 */
export type ArticleRenderer = (hast: HastRoot) => string;

export interface ParsedMarkdown {
  tree: MdastRoot;
  value: string;
}


/** Builds the unified processor once; it is reused for every file of a build. */
export function createMarkdownProcessor(options: MarkdownOptions) {
  return unified()
    .use(markdownSyntax)
    .use(remarkUnclosedDirectives)
    .use(remarkNpm2Yarn)
    .use(remarkTabDirectives)
    .use(remarkAdmonitions)
    .use(remarkHtmlSubset, { media: options.media })
    .use(remarkImageAttributes)
    .use(remarkHeadingIds)
    .use(remarkLeadingTitle)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(rehypeReservedIds)
    .use(rehypeTabs)
    .use(rehypeToc, { minLevel: 2, maxLevel: 6 })
    .use(rehypeInlineToc)
    .use(rehypeHeadingAnchors)
    .use(rehypeMermaid)
    .use(rehypeCodeBlocks, { checkedWith: options.checkedWith })
    .use(rehypeScrollableTables)
    .use(rehypeSymbolLinks, { resolveSymbol: options.resolveSymbol ?? (() => undefined) })
    .use(rehypeLinks, options)
    .use(rehypeImages, options)
    .freeze();
}

export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

/** Markdown text of one file to hast, TOC, links and messages with the file's own line numbers. */
export function renderMarkdown(
  processor: MarkdownProcessor,
  markdown: string,
  filePath: string,
  lineOffset = 0,
  {
    keepSource = false,
    sampleCheck,
    partials,
    parses,
  }: {
    keepSource?: boolean;
    sampleCheck?: SampleCheckLabel | null;
    partials?: Record<string, { file: string; body: string }>;
    /** Watch mode's last parses of saved files: only the blocks an edit touched are parsed again. */
    parses?: ParseMemory;
  } = {},
): RenderedMarkdown {
  const nesting = deepestNesting(markdown);
  if (nesting > maxNesting) {
    return {
      hast: { type: 'root', children: [] },
      toc: [],
      links: [],
      messages: [{ line: lineOffset + 1, column: 1, fatal: true, message: `content is nested ${nesting} levels deep (lists or quotes); the limit is ${maxNesting}` }],
    };
  }
  const prepared = prepareMdxLines(markdown, /\.mdx$/i.test(filePath));
  const file = new VFile({ path: filePath, value: normalizeAdmonitionSyntax(prepared.markdown) });
  // The label of code that is not a content page's own (see sampleCheckOf in code-blocks.ts).
  if (sampleCheck !== undefined) file.data.sampleCheck = sampleCheck;
  for (const problem of prepared.problems) {
    const message = file.message(problem.message, { line: problem.line, column: problem.column });
    message.fatal = problem.fatal;
  }
  const spliced = partials && Object.keys(partials).length > 0;
  const mdast = parses && !spliced ? parses.parse(filePath, String(file.value), (text) => processor.parse(new VFile({ path: filePath, value: text })) as MdastRoot).tree : processor.parse(file);
  const inPartials: MarkdownMessage[] = [];
  if (spliced) spliceParts(mdast, partialParser(processor, partials, markdown, file, inPartials));
  // A copy for the page's Markdown twin, which reads the same syntax: copying the tree costs a
  // twentieth of parsing the text again.
  const source = keepSource ? { tree: copyTree(mdast), value: String(file.value) } : undefined;
  const hast = processor.runSync(mdast, file) as HastRoot;
  return {
    hast,
    toc: file.data.toc ?? [],
    links: (file.data.links ?? []).map((link) => ({ ...link, line: link.line && link.line + lineOffset })),
    leadingTitle: file.data.leadingTitle,
    messages: file.messages.map((message): MarkdownMessage => ({
      line: message.line ? message.line + lineOffset : undefined,
      column: message.column ?? undefined,
      message: message.reason,
      fatal: message.fatal === true,
      ruleId: message.ruleId ?? undefined,
      ...(message.note ? { hint: message.note } : {}),
    })).concat(inPartials),
    source,
  };
}

/**
 * The parse of a partial the page imports, by its name, as the page is parsed (its own partials
 * spliced in, to a depth of four, never itself); a problem in a partial's MDX lines is reported
 * at the page's `<Part />`, an unclosed `:::` at the partial's own line (into `inPartials`: the
 * spliced nodes carry the page's line, and the page's text is not the partial's).
 */
function partialParser(processor: MarkdownProcessor, partials: Record<string, { file: string; body: string }>, page: string, file: VFile, inPartials: MarkdownMessage[]): (name: string) => MdastRoot | undefined {
  const lineOf = (name: string) => page.split('\n').findIndex((line) => new RegExp(`^\\s*<${name}\\s*/>\\s*$`).test(line)) + 1 || 1;
  const reported = new Set<string>();
  const parse = (name: string, within: string[]): MdastRoot | undefined => {
    const partial = Object.hasOwn(partials, name) ? partials[name] : undefined;
    if (!partial || within.includes(name) || within.length > 4) return undefined;
    const prepared = prepareMdxLines(partial.body);
    const value = normalizeAdmonitionSyntax(prepared.markdown);
    const tree = processor.parse(new VFile({ path: file.path, value })) as MdastRoot;
    if (!reported.has(name)) {
      reported.add(name);
      for (const problem of prepared.problems) {
        const message = file.message(`in the partial ${partial.file}, line ${problem.line}: ${problem.message}`, { line: lineOf(within[0] ?? name), column: 1 });
        message.fatal = problem.fatal;
      }
      for (const unclosed of unclosedDirectives(tree, value)) {
        inPartials.push({ partial: partial.file, line: unclosed.start.line, column: unclosed.start.column, message: unclosed.message, fatal: true, hint: unclosed.note });
      }
    }
    spliceParts(tree, (inner) => parse(inner, [...within, name]));
    return tree;
  };
  return (name) => parse(name, []);
}

/** A cheap upper bound of list/quote nesting, read from indentation and ">" markers. */
function deepestNesting(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split('\n')) {
    const quotes = /^(\s*>)*/.exec(line)?.[0].split('>').length ?? 1;
    const indent = /^[ \t]*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0;
    const listDepth = /^\s*([-*+]|\d+[.)])\s/.test(line) ? Math.floor(indent / 2) + 1 : 0;
    deepest = Math.max(deepest, quotes - 1, listDepth);
  }
  return deepest;
}

/** Markdown problems as build problems: fatal ones are errors, the rest warnings. */
export function reportMarkdownMessages(messages: MarkdownMessage[], diagnostics: Diagnostics, file: string, prefix = ''): void {
  for (const message of messages) {
    // The link check reports a link to a missing `.md` file, by the page's `onBrokenMarkdownLinks` and `onBrokenLinks`.
    if (message.ruleId === brokenMarkdownLinkRule) continue;
    const text = message.partial ? `${prefix}${message.message} (in the partial that ${file} imports)` : `${prefix}${message.message}`;
    const problem = { file: message.partial ?? file, line: message.line, column: message.column, message: text, ...(message.hint ? { hint: message.hint } : {}) };
    if (message.fatal) diagnostics.error(problem);
    else diagnostics.warn(problem);
  }
}
