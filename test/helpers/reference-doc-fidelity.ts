import path from 'node:path';
import type { Element, Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString as hastText } from 'hast-util-to-string';
import type { Root as MdastRoot, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import ts from 'typescript';
import { unified } from 'unified';
import type { Page } from '../../src/page.ts';
import { bodyOf, twinOf } from './openapi.ts';
import { elements, pageKey } from './reference-fidelity.ts';

/**
 * Round-trip checks of the npm reference's doc text: every tag of every doc comment a package's
 * declarations carry, read with the TypeScript compiler (not with TypeDoc, which the pages are
 * made with), against the text of the section of the page (and of its Markdown twin) that shows
 * the declaration. Words are compared, in order: Markdown, links and code fences are layout.
 *
 * Keys are those of reference-fidelity.ts: page (`modules`, `interfaces/Name`, `classes/Name`,
 * `enums/Name`) and the name a section's heading shows (`''` for the page's own declaration).
 */
export interface ExpectedDoc {
  page: string;
  key: string;
  /** `Name` or `Name.member`. */
  symbol: string;
  /** `summary`, or the tag (`@param options.name`, `@defaultValue`, `@see`...). */
  tag: string;
  text: string;
}

export interface DocMismatch extends ExpectedDoc {
  where: 'page' | 'twin';
}

/** Tags whose text the reference does not show, each for a reason. */
const notShown = new Set([
  // Declarations marked so are left out (TypeDoc runs with excludeInternal); the tag has no text.
  'internal',
  // Notes for the package's maintainers: TypeDoc removes them by default.
  'privateRemarks',
  // Consumed by TypeDoc: the comment is copied from the base, or the export is grouped.
  'inheritDoc',
  'category',
  'group',
  'packageDocumentation',
  'module',
]);

/** The text of a comment as words, with `{@link X | label}` and `{@link X label}` read as its label or target. */
function plainComment(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  return (
    (ts.getTextOfJSDocComment(comment) ?? '')
      // TypeDoc puts the comment it names in place of `{@inheritDoc X}`: no text of this one.
      .replace(/\{@inheritDoc\s[^}]*\}/g, '')
      // The compiler reads a link broken over lines as `{@link  * url |} * label}`: the label is the text.
      .replace(/\{@link(?:code|plain)?\s+(?:\*\s*)?\S+\s*\|\}\s*\*?\s*([^}]*)\}/g, '$1')
      // The label follows a `|` or, as TSDoc reads it, the first space.
      .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)\s*(?:\|\s*)?([^}]*)\}/g, (_, target: string, label: string) => label.trim() || target)
      // …or, with the label on the next line, as `{@link url * | label}`.
      .replace(/(?:\{@link(?:code|plain)?\s+)?https?:\/\/\S+\s*\*?\s*\|\s*([^}]*)\}/g, '$1')
  );
}

/** A tag's text; `@see` keeps the name the compiler reads apart from its comment (`@see Name`, `@see https://…`). */
function tagText(tag: ts.JSDocTag): string {
  const name = ts.isJSDocSeeTag(tag) && tag.name ? tag.name.getText() : '';
  return `${name}${plainComment(tag.comment)}`;
}

/** Words in order: letters and digits, with Markdown link targets and code fence markers (and their language) dropped. */
export function words(text: string): string[] {
  return (
    text
      .replace(/```[\w-]*/g, '')
      .replace(/\]\([^)]*\)/g, ']')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Whether `part` appears in `whole` as a run of consecutive words. */
function containsRun(whole: string[], part: string[]): boolean {
  if (part.length === 0) return true;
  outer: for (let start = 0; start + part.length <= whole.length; start += 1) {
    for (let index = 0; index < part.length; index += 1) if (whole[start + index] !== part[index]) continue outer;
    return true;
  }
  return false;
}

/**
 * The pieces of a text a page must show: the compiler keeps a tag written mid-line (`- the
 * variant @defaultValue 'generic'`) inside the text before it, where TypeDoc starts a tag.
 */
const pieces = (text: string) => text.split(/(?<=\s|^)@[A-Za-z]+\b/).map(words).filter((piece) => piece.length > 0);

/**
 * Every doc comment text of the exports of a declaration entry, read with the compiler. Only
 * declarations in the package's own folder count: an inherited member of another package's type
 * is that package's documentation.
 */
export function expectedDocs(entryFile: string, packageDir: string): ExpectedDoc[] {
  const program = ts.createProgram([entryFile], { strict: true, skipLibCheck: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entryFile);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  const own = (node: ts.Node) => !path.relative(packageDir, node.getSourceFile().fileName).startsWith('..');
  const hidden = (node: ts.Node) => ts.getJSDocTags(node).some((tag) => ['internal', 'hidden', 'ignore'].includes(tag.tagName.text));
  const isPrivate = (node: ts.Declaration) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Private) !== 0 || (node as ts.NamedDeclaration).name?.kind === ts.SyntaxKind.PrivateIdentifier;
  const found: ExpectedDoc[] = [];
  const add = (page: string, key: string, symbol: string, node: ts.Node) => {
    if (!own(node) || hidden(node)) return;
    for (const doc of ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)) {
      const summary = plainComment(doc.comment);
      if (summary.trim()) found.push({ page, key, symbol, tag: 'summary', text: summary });
      for (const tag of doc.tags ?? []) {
        const name = tag.tagName.text;
        const text = tagText(tag);
        if (notShown.has(name) || !text.trim()) continue;
        const label = ts.isJSDocParameterTag(tag) ? `@${name} ${tag.name.getText()}` : `@${name}`;
        found.push({ page, key, symbol, tag: label, text });
      }
    }
  };
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    for (const declaration of symbol.declarations ?? []) {
      if (ts.isFunctionDeclaration(declaration) || ts.isVariableDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) add('modules', name, name, declaration);
      else if (ts.isEnumDeclaration(declaration)) {
        add(`enums/${name}`, '', name, declaration);
        for (const member of declaration.members) add(`enums/${name}`, member.name.getText(), `${name}.${member.name.getText()}`, member);
      } else if (ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) {
        const page = `${ts.isClassDeclaration(declaration) ? 'classes' : 'interfaces'}/${name}`;
        add(page, '', name, declaration);
        if (ts.isClassDeclaration(declaration)) for (const member of declaration.members.filter(ts.isConstructorDeclaration)) add(page, 'constructor', `${name}.constructor`, member);
      }
    }
    // Members once per class or interface (an interface may be declared in several parts), inherited ones included.
    const head = symbol.declarations?.find((declaration) => ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration));
    if (!head || hidden(head)) continue;
    const page = `${ts.isClassDeclaration(head) ? 'classes' : 'interfaces'}/${name}`;
    const members = [...checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))];
    if (ts.isClassDeclaration(head)) members.push(...checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol)).filter((member) => member.getName() !== 'prototype'));
    for (const member of members) {
      if (member.getName().startsWith('__@')) continue;
      for (const declaration of member.declarations ?? []) if (!isPrivate(declaration)) add(page, member.getName(), `${name}.${member.getName()}`, declaration);
    }
  }
  return found;
}

// --- What the pages show ----------------------------------------------------------------------

const firstCode = (node: Element | undefined) => {
  const code = node && elements(node, (element) => element.tagName === 'code')[0];
  return code ? hastText(code) : undefined;
};

const blocks = new Set(['p', 'div', 'li', 'ul', 'ol', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'table', 'tr', 'td', 'th', 'aside', 'blockquote', 'br', 'dt', 'dd']);

/** The text of an HTML node with blocks kept apart: `<p>a</p><p>b</p>` is two words, not `ab`. */
function blockText(node: HastRoot | Element | HastRoot['children'][number]): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  const inner = node.children.map(blockText).join('');
  return node.type === 'element' && blocks.has(node.tagName) ? ` ${inner} ` : inner;
}

/** The words of one page's HTML by key: the whole page for `''`, a member's section or enum row for its name. */
export function docWordsInHtml(html: string): Map<string, string[]> {
  const tree = fromHtml(html, { fragment: true });
  const shown = new Map<string, string[]>([['', words(blockText(tree))]]);
  const add = (key: string, node: Element) => shown.set(key, [...(shown.get(key) ?? []), ...words(blockText(node))]);
  for (const section of elements(tree, (element) => element.tagName === 'section' && Array.isArray(element.properties.className) && element.properties.className.includes('reference-member'))) {
    const heading = section.children.find((child): child is Element => child.type === 'element' && /^h[2-6]$/.test(child.tagName));
    const key = firstCode(heading);
    if (key !== undefined) add(key, section);
  }
  for (const row of elements(tree, (element) => element.tagName === 'tr')) {
    const key = firstCode(row.children.find((child): child is Element => child.type === 'element' && child.tagName === 'td'));
    if (key !== undefined) add(key, row);
  }
  return shown;
}

const markdown = unified().use(remarkParse).use(remarkGfm);
const mdText = (node: RootContent | MdastRoot): string =>
  'value' in node && typeof node.value === 'string' ? `${node.value} ` : 'children' in node ? (node.children as RootContent[]).map(mdText).join(' ') : '';

/** The words of one page's twin by key: a heading naming a member opens its section, up to the next heading as deep or shallower. */
export function docWordsInTwin(twin: string): Map<string, string[]> {
  const tree = markdown.parse(twin) as MdastRoot;
  const shown = new Map<string, string[]>([['', words(mdText(tree))]]);
  const open: { key: string; depth: number }[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading') {
      while (open.length && open.at(-1)!.depth >= node.depth) open.pop();
      const code = node.children.find((child) => child.type === 'inlineCode');
      if (code) open.push({ key: code.value, depth: node.depth });
      continue;
    }
    if (node.type === 'table') {
      for (const row of node.children.slice(1)) {
        const name = row.children[0]?.children.find((child) => child.type === 'inlineCode');
        if (name) shown.set(name.value, [...(shown.get(name.value) ?? []), ...words(mdText(row))]);
      }
    }
    for (const { key } of open) shown.set(key, [...(shown.get(key) ?? []), ...words(mdText(node))]);
  }
  return shown;
}

/** Every expected doc text against the page and twin sections of one package's reference. */
export function compareDocs(expected: ExpectedDoc[], pages: Page[], packageBase: string): { mismatches: DocMismatch[]; compared: number } {
  const html = new Map<string, Map<string, string[]>>();
  const twin = new Map<string, Map<string, string[]>>();
  for (const page of pages) {
    if (!page.route.startsWith(`${packageBase}/`) || page.kind !== 'package') continue;
    const key = pageKey(packageBase, page.route);
    html.set(key, new Map([...(html.get(key) ?? []), ...docWordsInHtml(bodyOf(page))]));
    twin.set(key, new Map([...(twin.get(key) ?? []), ...docWordsInTwin(twinOf(page))]));
  }
  const mismatches: DocMismatch[] = [];
  let compared = 0;
  for (const item of expected) {
    for (const [where, shown] of [['page', html], ['twin', twin]] as const) {
      compared += 1;
      const section = shown.get(item.page)?.get(item.key) ?? [];
      if (!pieces(item.text).every((piece) => containsRun(section, piece))) mismatches.push({ ...item, where });
    }
  }
  return { mismatches, compared };
}

export const describeDocMismatch = (packageName: string, mismatch: DocMismatch) => `${packageName} ${mismatch.symbol} ${mismatch.tag} (${mismatch.where}): ${JSON.stringify(mismatch.text)} not shown`;
