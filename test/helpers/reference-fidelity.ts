import path from 'node:path';
import type { Element, Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString as hastText } from 'hast-util-to-string';
import type { Root as MdastRoot, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Page } from '../../src/page.ts';
import { bracketPairs as opening, closingBracket as closing, declarationProgram, type DeclarationText, declarationTexts } from '../../src/typedoc/declaration-texts.ts';
import { bodyOf, twinOf } from './openapi.ts';

/**
 * Round-trip checks of the npm reference: what the TypeScript compiler says each export of a
 * package's declaration entry is, against what its reference pages (and their Markdown twins) show.
 *
 * Texts are keyed by page (`modules`, `interfaces/Name`, `classes/Name`, `enums/Name`) and by the
 * name a section's heading shows (`''` for a class's or interface's own declaration, `[index]`
 * for its index signatures).
 */
export type ExpectedText = DeclarationText;

export type ShownTexts = Map<string, Map<string, string[]>>;

export interface Mismatch {
  symbol: string;
  where: 'page' | 'twin';
  expected: string;
  resolved?: string;
  shown: string;
}

/**
 * Whitespace and spelling that carry no meaning, removed from both sides alike:
 * - `import("…").` qualifiers: the compiler may print where a name comes from; pages show the name
 *   and link it;
 * - parentheses around `typeof x` before an index (`(typeof x)[number]` is `typeof x[number]`);
 * - the quote style of string literals (`'a'` and `"a"` are the same type): pages print JSON quotes;
 * - whitespace: runs of it become one space, and none is kept next to punctuation, so layout
 *   (line breaks, indentation of object members) does not count but `keyof T` stays two words;
 * - a `;` or `,` just before `}`: the separator after the last member of an object type, or the
 *   last name of a destructuring pattern, is optional;
 * - the name of a destructured parameter: TypeDoc shows either its pattern (`{ a, b }`) or
 *   `__namedParameters`; its type is compared in full;
 * - `Array<T>` is `T[]`, and `(A & B) | C` is `A & B | C`;
 * - `| undefined` at the end of an optional member's type: `x?: T` already admits `undefined`
 *   (the packages are not built with exactOptionalPropertyTypes).
 */
export function normaliseTypeText(text: string): string {
  const compact = text
    .replace(/\bimport\("[^"]*"\)\./g, '')
    .replace(/\((typeof [\w$.]+)\)(?=\[)/g, '$1')
    .replace(/'((?:[^'\\\n]|\\.)*)'/g, (_, body: string) => JSON.stringify(body.replace(/\\'/g, "'")))
    .replace(/\s+/g, ' ')
    .replace(/ ?([^\w$ ]) ?/g, '$1')
    .replace(/[;,](?=\})/g, '')
    .replace(/([(,])\{[\w$,]*\}(?=\??:)/g, '$1__namedParameters')
    .trim();
  return dropOptionalUndefined(intersectionParentheses(arraySyntax(compact)));
}

/** `(A & B) | C` as `A & B | C`: `&` binds tighter than `|`, so those parentheses change nothing. */
function intersectionParentheses(text: string): string {
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char !== '(') {
      result += char;
      continue;
    }
    const close = closing(text, index);
    const inner = intersectionParentheses(text.slice(index + 1, close));
    const top = outside(inner);
    const before = result.at(-1) ?? '=';
    const after = text[close + 1] ?? ';';
    const redundant = top.includes('&') && !/[|?]|=>|^(keyof|typeof|readonly|unique) /.test(top) && '=|<,:'.includes(before) && '|;,>)}'.includes(after);
    result += redundant ? inner : `(${inner})`;
    index = close;
  }
  return result;
}

/** The text outside every bracket group: what binds at the top level. */
function outside(text: string): string {
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] in opening) index = closing(text, index);
    else result += text[index];
  }
  return result;
}

/** `Array<T>` as `T[]` (TypeDoc prints the short form), `Array<A|B>` as `(A|B)[]`. */
function arraySyntax(text: string): string {
  const at = text.search(/(?<![\w$.])Array</);
  if (at === -1) return text;
  const open = at + 'Array'.length;
  const close = closing(text, open);
  const inner = arraySyntax(text.slice(open + 1, close));
  const element = /[|&?]|=>|^(keyof|typeof|readonly|unique) /.test(outside(inner)) ? `(${inner})` : inner;
  return text.slice(0, at) + `${element}[]` + arraySyntax(text.slice(close + 1));
}


/** Where the type after `?:` at `start` ends: the `;`, `,` or closing bracket at its own depth. */
function typeEnd(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (char === '=' && text[index + 1] === '>') {
      index += 1;
      continue;
    }
    if (char in opening) depth += 1;
    else if (')]}>'.includes(char)) {
      if (depth === 0) return index;
      depth -= 1;
    } else if ((char === ';' || char === ',') && depth === 0) return index;
  }
  return text.length;
}


function dropOptionalUndefined(text: string): string {
  let result = text;
  for (let at = result.indexOf('?:'); at !== -1; at = result.indexOf('?:', at + 2)) {
    const end = typeEnd(result, at + 2);
    if (result.slice(at + 2, end).endsWith('|undefined') && end - at - 2 > '|undefined'.length) {
      let type = result.slice(at + 2, end - '|undefined'.length);
      // `x?: (() => T) | undefined` loses its `| undefined`; the parentheses it needed go too.
      if (type.startsWith('(') && typeEnd(type, 1) === type.length - 1) type = type.slice(1, -1);
      result = result.slice(0, at + 2) + type + result.slice(end);
    }
  }
  return result;
}

/**
 * The text with the members of every union sorted: the compiler orders union members by its own
 * type ids, so `"host" | "guest"` and `"guest" | "host"` are the same type printed two ways.
 * Only the members of one union are reordered; nothing moves across brackets or separators.
 */
export function sortUnions(text: string): string {
  const source = text.replace(/=>/g, '\u2192');
  const parse = (from: number, close: string | undefined): [string, number] => {
    const tokens: string[] = [];
    let index = from;
    while (index < source.length) {
      const char = source[index];
      if (char === close) break;
      if (char in opening) {
        const [inner, end] = parse(index + 1, opening[char]);
        tokens.push(`${char}${inner}${source[end] ?? ''}`);
        index = end + 1;
        continue;
      }
      tokens.push(char);
      index += 1;
    }
    // Split at separators that bind looser than `|`, then sort the members of each union.
    const segments: string[] = [];
    let current: string[] = [];
    const flush = () => {
      const members: string[] = [];
      let member = '';
      for (const token of current) {
        if (token === '|') {
          members.push(member);
          member = '';
        } else member += token;
      }
      members.push(member);
      segments.push(members.length > 1 ? members.sort().join('|') : members[0]);
      current = [];
    };
    for (const token of tokens) {
      if ([';', ',', ':', '\u2192', '=', '?'].includes(token)) {
        flush();
        segments.push(token);
      } else current.push(token);
    }
    flush();
    return [segments.join(''), index];
  };
  return parse(0, undefined)[0].replace(/\u2192/g, '=>');
}

/** Every export of the entry file, with the texts its reference should show. */
export const expectedTexts = declarationTexts;
export { declarationProgram };

// --- What the pages show ----------------------------------------------------------------------

const declarationLabel = 'TypeScript declaration';

/** Every element under `node` that passes `test`, in document order. */
export function elements(node: HastRoot | Element, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) found.push(child);
    elements(child, test, found);
  }
  return found;
}

const classesOf = (element: Element) => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : []);
const isDeclarationBlock = (element: Element) => element.tagName === 'pre' && element.properties.ariaLabel === declarationLabel;
const headingCode = (heading: Element | undefined) => {
  const code = heading && elements(heading, (element) => element.tagName === 'code')[0];
  return code ? hastText(code) : undefined;
};

/** The declaration texts of one page's HTML, by heading name. */
export function shownInHtml(html: string): Map<string, string[]> {
  const tree = fromHtml(html, { fragment: true });
  const shown = new Map<string, string[]>();
  const add = (key: string, text: string) => shown.set(key, [...(shown.get(key) ?? []), text]);
  const sections = elements(tree, (element) => element.tagName === 'section');
  const inSection = new Set(sections.flatMap((section) => elements(section, isDeclarationBlock)));
  // A class's or interface's own declaration comes before its sections.
  for (const block of elements(tree, isDeclarationBlock)) if (!inSection.has(block)) add('', hastText(block));
  for (const section of sections) {
    const heading = section.children.find((child): child is Element => child.type === 'element' && /^h[2-4]$/.test(child.tagName));
    if (heading?.properties.id === 'index-signatures') {
      for (const block of elements(section, isDeclarationBlock)) add('[index]', hastText(block));
    } else if (classesOf(section).includes('reference-member')) {
      const name = headingCode(heading);
      if (name !== undefined) for (const block of elements(section, isDeclarationBlock)) add(name, hastText(block));
    }
  }
  // Enum members: a table row per member (its anchor on the row), its value in the second cell.
  // The member table of a class or interface links to the sections instead: those rows have no id.
  for (const row of elements(tree, (element) => element.tagName === 'tr' && element.properties.id !== undefined)) {
    const cells = row.children.filter((child): child is Element => child.type === 'element' && child.tagName === 'td');
    const name = headingCode(cells[0]);
    if (name !== undefined && cells[1]) add(name, hastText(cells[1]));
  }
  return shown;
}

const markdown = unified().use(remarkParse).use(remarkGfm);

const mdText = (node: RootContent | MdastRoot): string =>
  'value' in node && typeof node.value === 'string' ? node.value : 'children' in node ? (node.children as RootContent[]).map(mdText).join('') : '';

/** The declaration texts of one page's Markdown twin, by heading name: the same keys as the HTML's. */
export function shownInTwin(twin: string): Map<string, string[]> {
  const tree = markdown.parse(twin) as MdastRoot;
  const shown = new Map<string, string[]>();
  const add = (key: string, text: string) => shown.set(key, [...(shown.get(key) ?? []), text]);
  let key: string | undefined = '';
  for (const node of tree.children) {
    if (node.type === 'heading') {
      if (node.depth === 1) continue;
      const code = node.children.find((child) => child.type === 'inlineCode');
      // Headings that name no member (Properties, Methods, Hierarchy...) end a member's section.
      key = code ? code.value : mdText(node) === 'Index signatures' ? '[index]' : undefined;
    } else if (node.type === 'code' && key !== undefined && node.lang === 'ts') {
      add(key, node.value);
    } else if (node.type === 'table') {
      for (const row of node.children.slice(1)) {
        const name = row.children[0]?.children.find((child) => child.type === 'inlineCode');
        if (name && row.children[1]) add(name.value, mdText(row.children[1]));
      }
    }
  }
  return shown;
}

/** Page texts of one package in one area: page key -> heading name -> texts, for HTML and twin. */
export function shownTexts(pages: Page[], packageBase: string): { html: ShownTexts; twin: ShownTexts } {
  const html: ShownTexts = new Map();
  const twin: ShownTexts = new Map();
  for (const page of pages) {
    if (!page.route.startsWith(`${packageBase}/`) || (page.kind !== 'package' && page.kind !== 'changelog')) continue;
    const key = pageKey(packageBase, page.route);
    html.set(key, new Map([...(html.get(key) ?? []), ...shownInHtml(bodyOf(page))]));
    twin.set(key, new Map([...(twin.get(key) ?? []), ...shownInTwin(twinOf(page))]));
  }
  return { html, twin };
}

/** A page's key: its route under the package, the modules page's groups (`modules/variables`) all under `modules`. */
export const pageKey = (packageBase: string, route: string) => path.posix.relative(packageBase, route).replace(/^modules\/.*/, 'modules');

/** The members of the object type a text ends with, and what comes before it; undefined if it ends otherwise. */
function trailingObject(text: string): { head: string; members: string[] } | undefined {
  if (!text.endsWith('}')) return undefined;
  let open = text.length - 1;
  for (let depth = 0; open >= 0; open -= 1) {
    if (text[open] === '}') depth += 1;
    else if (text[open] === '{' && --depth === 0) break;
  }
  const members: string[] = [];
  const body = text.slice(open + 1, -1);
  for (let start = 0; start < body.length; ) {
    const end = typeEnd(body, start);
    members.push(body.slice(start, end));
    start = end + 1;
  }
  return { head: text.slice(0, open), members };
}

/**
 * An object type shown member by member, each member as declared or as the compiler resolves
 * it (one level deep): TypeDoc keeps `payload: Alias<"x">` but resolves `reply: Reply<"x">`.
 */
function memberByMember(declared: string, resolved: string, shown: string): boolean {
  const [a, b, c] = [declared, resolved, shown].map((text) => trailingObject(normaliseTypeText(text)));
  if (!a || !b || !c || a.members.length !== c.members.length || b.members.length !== c.members.length) return false;
  if (a.head !== c.head && b.head !== c.head) return false;
  const same = (x: string, y: string) => x === y || sortUnions(x) === sortUnions(y) || memberByMember(x, y, y);
  return c.members.every((member, index) => same(a.members[index], member) || same(b.members[index], member) || memberByMember(a.members[index], b.members[index], member));
}

/** `Name<A, A>` as `Name<A>` (outermost argument lists only): a repeated last type argument the compiler printed from its default. */
function dropRepeatedTypeArgument(text: string): string {
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char !== '<') {
      result += char;
      continue;
    }
    const close = closing(text, index);
    const inner = text.slice(index + 1, close);
    const comma = typeEnd(inner, 0);
    const args = comma < inner.length ? [inner.slice(0, comma), inner.slice(comma + 1)] : [inner];
    result += `<${args.length === 2 && args[0] === args[1] ? args[0] : inner}>`;
    index = close;
  }
  return result;
}

/**
 * Differences the reference has on purpose or inherits from TypeDoc: each is named, counted and
 * printed by the test, and matched narrowly so that nothing else (an `unknown`, a missing member,
 * another type) passes as one of them.
 */
export const knownDifferences = {
  /** TypeDoc converts `import("react").Dispatch<SetStateAction<number>>` to a bare `Dispatch`: only those argument lists may be missing. */
  'import-type-arguments': (declared: string, shown: string) => {
    const imported = new Set([...declared.matchAll(/\bimport\("[^"]*"\)\.([\w$.]+)</g)].map((match) => match[1]));
    return imported.size > 0 && withoutTypeArguments(normaliseTypeText(declared), imported) === shown;
  },
  /** The compiler prints `Signal<T, U = T>` as `Signal<X, X>`; TypeDoc leaves the defaulted argument out. */
  'default-type-argument': (resolved: string, shown: string) => sortUnions(dropRepeatedTypeArgument(normaliseTypeText(resolved))) === sortUnions(shown),
  /**
   * Object types nested past depth 3 are shown as `{ … }` so a page stays readable, and TypeDoc's
   * own printing may stop at `<...>` or `...`: everything around each cut must still match.
   */
  'nested-types-cut-off': (expected: string, shown: string) => {
    // TypeDoc's own cut is `...` where a type would be (not a rest parameter, which a name follows).
    const cut = /(\{…\}|<\.\.\.>|\.\.\.(?=[&|)>,]))/;
    if (!cut.test(shown)) return false;
    const pattern = shown
      .split(new RegExp(cut.source, 'g'))
      .map((part) => (part === '{…}' ? '\\{[^]*?\\}' : part === '<...>' ? '<[^]*?>' : part === '...' ? '[^]*?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return new RegExp(`^${pattern}$`).test(normaliseTypeText(expected));
  },
} as const;

export type KnownDifference = keyof typeof knownDifferences;

/** A text without the type argument lists that follow the given names. */
function withoutTypeArguments(text: string, names: Set<string>): string {
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    const name = /[\w$.]+$/.exec(result)?.[0];
    if (text[index] === '<' && name && names.has(name)) index = closing(text, index);
    else result += text[index];
  }
  return result;
}

export interface Comparison {
  mismatches: Mismatch[];
  compared: number;
  /** Shown as the declaration spells it. */
  declared: number;
  /** Shown as the compiler prints the resolved type. */
  resolved: number;
  /** Either of those, with union members in another order. */
  unionOrder: number;
  /** An object type whose members are each shown as declared or as resolved (TypeDoc mixes them). */
  memberByMember: number;
  known: Record<KnownDifference, string[]>;
}

/** Every expected text against what the page and its twin show: missing and differing texts. */
export function compareTexts(expected: ExpectedText[], shown: { html: ShownTexts; twin: ShownTexts }): Comparison {
  const result: Comparison = { mismatches: [], compared: 0, declared: 0, resolved: 0, unionOrder: 0, memberByMember: 0, known: { 'import-type-arguments': [], 'default-type-argument': [], 'nested-types-cut-off': [] } };
  for (const item of expected) {
    for (const where of ['page', 'twin'] as const) {
      const texts = (where === 'page' ? shown.html : shown.twin).get(item.page)?.get(item.key);
      const got = (texts ?? []).map(normaliseTypeText);
      const pairs = (want: string[] | undefined, test: (expected: string, shown: string, index: number) => boolean) =>
        !!want && texts !== undefined && want.length === got.length && want.every((text, index) => test(text, got[index], index));
      result.compared += 1;
      if (pairs(item.texts, (a, b) => normaliseTypeText(a) === b)) result.declared += 1;
      else if (pairs(item.resolved, (a, b) => normaliseTypeText(a) === b)) result.resolved += 1;
      else if ([item.texts, item.resolved].some((want) => pairs(want, (a, b) => sortUnions(normaliseTypeText(a)) === sortUnions(b)))) result.unionOrder += 1;
      else if (item.resolved && pairs(item.texts, (a, b, index) => memberByMember(a, item.resolved![index], b))) result.memberByMember += 1;
      else {
        const known = (Object.keys(knownDifferences) as KnownDifference[]).find((name) =>
          [item.texts, item.resolved].some((want) => pairs(want, (a, b) => normaliseTypeText(a) === b || knownDifferences[name](a, b))),
        );
        if (known && texts) result.known[known].push(`${item.symbol} (${where})`);
        else result.mismatches.push({ symbol: item.symbol, where, expected: item.texts.join('\n'), resolved: item.resolved?.join('\n'), shown: texts ? texts.join('\n') : '(missing)' });
      }
    }
  }
  return result;
}

export const describeMismatch = (packageName: string, area: string, mismatch: Mismatch) =>
  `${packageName} (${area}) ${mismatch.symbol}, ${mismatch.where}:\n  declared: ${mismatch.expected.replace(/\n/g, '\n            ')}\n  resolved: ${(mismatch.resolved ?? '(none)').replace(/\n/g, '\n            ')}\n  shown:    ${mismatch.shown.replace(/\n/g, '\n            ')}`;
