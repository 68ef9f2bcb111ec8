import fs from 'node:fs';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import type { Nodes as HastNodes } from 'hast';
import type { Nodes, Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Problem } from '../../src/errors.ts';
import { normalizeAdmonitionSyntax } from '../../src/markdown/plugins/admonition-syntax.ts';
import type { PageData } from '../../src/shared/types.ts';

export interface LostText {
  file: string;
  line: number;
  text: string;
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
// Tags are compared out of both sides: a subset tag renders as an element, an unknown one as text.
// Whitespace is compared out too: inline elements are joined with spaces in the page's text.
const squash = (text: string) => text.replace(/<\/?[A-Za-z][^>\s]*(\s[^>]*)?>/g, ' ').replace(/\s+/g, '');

/** A page's text with a space at every element boundary, so table cells do not run together. */
function hastText(node: HastNodes): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.properties.hidden === true && node.tagName !== 'div') return ' ';
  if ('children' in node) return ` ${node.children.map((child) => hastText(child)).join('')} `;
  return '';
}

/** The text of a Markdown node as a reader sees it: no raw HTML tags, no image alt, no directive markers. */
function readerText(node: Nodes, source: string): string {
  // Colons in running text ("host:8080") parse as directives; the page shows what was typed.
  if ((node.type === 'textDirective' || node.type === 'leafDirective') && node.position) return source.slice(node.position.start.offset, node.position.end.offset);
  if (node.type === 'image' || node.type === 'imageReference') return ' ';
  if (node.type === 'html') return node.value;
  if (node.type === 'inlineCode' || node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((child) => readerText(child as Nodes, source)).join('');
  return '';
}

/**
 * Every heading, paragraph and table cell of a source page must appear in its built page (the
 * article or its title), unless a warning or error names the file at that line. Returns what is
 * missing with neither.
 */
export function findSilentLoss(body: string, bodyLineOffset: number, distDir: string, route: string, problems: Problem[], displayFile: string): LostText[] {
  const data = JSON.parse(fs.readFileSync(path.join(distDir, '_data', `${route}.json`), 'utf8')) as PageData;
  const output = squash(`${data.title} ${hastText(fromHtml(data.html ?? '', { fragment: true }))}`);
  // A component's tag is markup like any tag, also when it spans lines with {…} props (Prettier's
  // form): blanked here, its line breaks kept, as the Markdown parser would not read it as one.
  const source = normalizeAdmonitionSyntax(body.replace(/(?<!\\)<\/?[A-Z][\w.]*(?:[^>"'{]|"[^"]*"|'[^']*'|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})*>/g, (tag) => tag.replace(/[^\n]/g, ' ')));
  const tree = parser.parse(source) as Root;
  const lost: LostText[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'code') return; // code blocks are compared by the code block tests
    if (node.type === 'heading' || node.type === 'paragraph' || node.type === 'tableCell') {
      // A heading's {#id} and an image's {width=… height=…} are read by the build, not shown.
      // A JSX template string's quotes ({`…`}, <CodeBlock>'s code, read here as inline code) are markup too.
      const template = /^\{`[^]*`\}$/.test(source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0));
      const written = readerText(node, source).replace(template ? /^\{|\}$/g : /\{`|`\}/g, '').replace(/\s*\{#[\w.:-]+\}\s*$/, '').replace(/\{[^{}\n]*\b(?:width|height)\s*=[^{}\n]*\}/g, '');
      const text = squash(written);
      const line = (node.position?.start.line ?? 1) + bodyLineOffset;
      const reported = problems.some((problem) => problem.file === displayFile && problem.line !== undefined && Math.abs(problem.line - line) <= 2);
      // Theme imports and {/* notes */} are taken out on purpose (portal draws those components
      // itself), and so are imports of partials (their words are compared on their own).
      const takenOut = /^(\s*import \w+ from '(@theme\/\w+|@docusaurus\/useBaseUrl|[^']*\/_[^']*\.mdx?)';?|\s*\{\/\*[^]*?\*\/\})+\s*$/.test(written);
      if (text && !takenOut && !output.includes(text) && !reported) lost.push({ file: displayFile, line, text });
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return lost;
}
