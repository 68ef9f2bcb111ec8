import path from 'node:path';
import type { Code, Link, Image, InlineCode, Root, Blockquote, Paragraph, PhrasingContent, Definition } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { ContainerDirective } from 'mdast-util-directive';
import { unified } from 'unified';
import { SKIP, visit } from '../markdown/visit.ts';
import { VFile } from 'vfile';
import { normalizeAdmonitionSyntax } from '../markdown/plugins/admonition-syntax.ts';
import { remarkImageAttributes } from '../markdown/plugins/image-attributes.ts';
import { markdownSyntax } from '../markdown/syntax.ts';
import { prepareMdxLines } from '../markdown/plugins/mdx-lines.ts';
import type { ParsedMarkdown } from '../markdown/pipeline.ts';
import { absoluteUrl, twinUrl } from './absolute-links.ts';
import { isMarkdownFileLink, isRelativeRouteLink } from '../shared/link-kinds.ts';
import { admonitionHeading } from '../markdown/plugins/admonitions.ts';
import type { GuideLinkResolvers } from '../markdown/doc-links.ts';

export type { GuideLinkResolvers };
import { stringifyMarkdown } from './stringify.ts';
import { recordParse, spliceSource } from './splice.ts';
import { twinHeader } from './twin-header.ts';
import { resolveTabComponents } from './tab-components.ts';
import { resolveThemeComponents } from './theme-components.ts';
import { addCheckLines } from './check-lines.ts';
import { parseCodeMeta } from '../markdown/plugins/code-blocks.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';

export interface GuideSource {
  route: string;
  title: string;
  description?: string;
  /** The Markdown after its front matter. */
  body: string;
  absoluteFile: string;
}

// Image sizes ({width=… height=…}) are the page's layout, not text for a reader: they go.
// The page renderer's syntax (it hands its parse over when it has one).
const processor = unified().use(markdownSyntax).use(remarkImageAttributes).freeze();


/**
 * A guide's Markdown twin, from its source: front matter becomes the title and a summary line
 * (with the page's URL and the site's llms.txt below them),
 * admonitions become labelled blockquotes, links and images absolute URLs. The page's own text
 * is otherwise kept as written, which is what an assistant reads best.
 */
export function guideTwin(source: GuideSource, resolvers: GuideLinkResolvers): string {
  return [twinHeader(source, resolvers.siteUrl), guideTwinBody(source, resolvers)].filter(Boolean).join('\n\n') + '\n';
}

/**
 * The twin without its title and summary lines: what the doc renderer keeps with the page
 * (`Page.twin`). `parsed`: the body as the page's renderer parsed it (the same syntax), so the
 * text is not parsed twice.
 */
export function guideTwinBody(source: Omit<GuideSource, 'title' | 'description'>, resolvers: GuideLinkResolvers, parsed?: ParsedMarkdown): string {
  // Theme imports and {/* comments */} go as on the page; JSX attributes are quoted to be read.
  const file = new VFile({ path: source.absoluteFile, value: parsed?.value ?? normalizeAdmonitionSyntax(prepareMdxLines(source.body).markdown) });
  const parse = parsed?.tree ?? (processor.parse(file) as Root);
  // Before the image-attribute step changes the text around images.
  const record = recordParse(parse, String(file.value));
  const tree = processor.runSync(parse, file) as Root;
  dropLeadingTitle(tree);
  dropComments(tree);
  resolveThemeComponents(tree, (markdown) => {
    const part = processor.parse(markdown);
    recordParse(part, markdown, record);
    return processor.runSync(part) as Root;
  });
  resolveAdmonitions(tree);
  resolveTabComponents(tree);
  // Before resolveLinks drops the code's build metadata: a fragment carries no label, on the page or here.
  const checkedWith = resolvers.checkedWith;
  if (checkedWith) addCheckLines(tree, (code) => guideCheck(code, checkedWith, source.absoluteFile));
  resolveLinks(tree, source, resolvers);
  linkSymbols(tree, source, resolvers);
  spliceSource(tree, record);
  // Copied runs keep a CRLF source's line ends and written parts end lines with LF: one kind in the twin.
  return stringifyMarkdown(tree).replace(/\r\n?/g, '\n').trim();
}

/** The label the page shows under this block (code-blocks.ts gives it the same way). */
function guideCheck(code: Code, checkedWith: NonNullable<GuideLinkResolvers['checkedWith']>, file: string): SampleCheckLabel | undefined {
  const language = code.lang?.toLowerCase() ?? '';
  const label = language && parseCodeMeta(code.meta ?? undefined).fragment === undefined ? checkedWith(language, file) : undefined;
  return label ? { checked: true, checkedWith: label } : undefined;
}

/** A leading "# Title" is the page title, already written from the front matter or the heading itself. */
function dropLeadingTitle(tree: Root): void {
  const first = tree.children[0];
  if (first?.type === 'heading' && first.depth === 1) tree.children.shift();
}

/** HTML comments are notes for writers (a claim's test, say): the page does not show them, nor does its twin. */
function dropComments(tree: Root): void {
  visit(tree, 'html', (node, index, parent) => {
    // The empty comments that hold the lines of a tag written across lines (jsx-tags.ts).
    node.value = node.value.replace(/\n[ \t]*<!---->[ \t]*(?=\n|$)/g, '');
    if (parent && index !== undefined && /^<!--[\s\S]*?-->$/.test(node.value.trim())) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
  });
}

/**
 * Directives become plain Markdown, innermost first: an admonition a blockquote under its kind in
 * bold and its title as written (the page's kind and title, admonitionHeading), a tab set its tabs
 * one after another, each under its label in bold (an assistant reads them all).
 */
function resolveAdmonitions(tree: Root): void {
  const resolve = (children: Root['children']): Root['children'] =>
    children.flatMap((child) => {
      if ('children' in child && Array.isArray(child.children)) (child as { children: Root['children'] }).children = resolve((child as { children: Root['children'] }).children);
      if (child.type !== 'containerDirective') return [child];
      const node = child as ContainerDirective;
      const heading = admonitionHeading(node);
      if (heading.title) node.children.shift();
      const content = node.children as Root['children'];
      if (node.name === 'tabs') return content;
      if (node.name === 'tab') {
        const label = heading.title ? toString(heading.title) : String(node.attributes?.value ?? 'Tab');
        return [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: label }] }] } as Paragraph, ...content];
      }
      const title: PhrasingContent[] = heading.title ? [{ type: 'text', value: ' ' }, ...heading.title.children] : [];
      const line: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: heading.title ? `${heading.label}:` : heading.label }] }, ...title] };
      return [{ type: 'blockquote', children: [line, ...(content as Blockquote['children'])] } as Blockquote];
    });
  tree.children = resolve(tree.children);
}

// The same rule as the HTML's symbol links: `createInfinityClient` or `registerPlugin()` in inline
// code links to its reference page's twin, so an assistant can follow a name to its signature.
const identifier = /^([A-Za-z_$][\w$]*)(\(\))?$/;

function linkSymbols(tree: Root, source: Omit<GuideSource, 'title' | 'description'>, resolvers: GuideLinkResolvers): void {
  if (!resolvers.symbolRoute) return;
  visit(tree, (node, index, parent) => {
    if (node.type === 'link' || node.type === 'linkReference' || node.type === 'heading') return SKIP;
    if (node.type !== 'inlineCode' || !parent || index === undefined) return undefined;
    const name = identifier.exec((node as InlineCode).value)?.[1];
    const route = name && resolvers.symbolRoute!(name, source.absoluteFile);
    if (!route) return undefined;
    (parent.children as unknown[])[index] = { type: 'link', url: twinUrl(route, resolvers.siteUrl), children: [node] };
    return SKIP;
  });
}

function resolveLinks(tree: Root, source: Omit<GuideSource, 'title' | 'description'>, resolvers: GuideLinkResolvers): void {
  const toAbsolute = (href: string) => {
    if (isMarkdownFileLink(href)) {
      const route = resolvers.markdownLink(href, source.absoluteFile);
      // A link the build warned about stays as written rather than pointing somewhere wrong.
      return route ? absoluteUrl(route, resolvers.siteUrl, source.route) : href;
    }
    // Read as the page reads it (its Docusaurus URL), so the twin's link goes where the page's does.
    const routed = isRelativeRouteLink(href) ? resolvers.routeLink?.(href, source.absoluteFile) : undefined;
    return absoluteUrl(routed ?? href, resolvers.siteUrl, source.route);
  };
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') {
      const link = node as Link | Definition;
      link.url = toAbsolute(link.url);
    } else if (node.type === 'image') {
      // A local image by the page's own rule (content/static for "/img/…"); one the page could
      // not show (it reported it) stays as written rather than pointing somewhere wrong.
      const image = node as Image;
      const local = !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(image.url);
      const published = local ? resolvers.images.url(image.url, source.absoluteFile, resolvers.assetOf) : image.url;
      if (published) image.url = absoluteUrl(published, resolvers.siteUrl, source.route);
    } else if (node.type === 'code') {
      // Build-only metadata (line highlights, fragment reasons) means nothing to a reader.
      const code = node as Code;
      const title = code.meta && /title="([^"]*)"/.exec(code.meta)?.[1];
      code.meta = title ? `title="${title}"` : null;
    }
  });
}
