import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { visit } from '../markdown/visit.ts';
import type { Page, PageOf } from '../page.ts';
import type { PackageModel } from './convert.ts';
import { Kind, memberAnchor, pageKinds, routeOfTopLevel } from './symbols.ts';

/** One export of an npm package as `lookup_symbol` answers it (published in /mcp/symbols.json). */
export interface SymbolEntry {
  name: string;
  kind: string;
  package: string;
  version: string;
  /** The docs area whose reference shows it (a package listed in two areas has an entry in each). */
  area: string;
  /** Its reference page and anchor: the route the guides' auto-links use. */
  route: string;
  /** The declaration as its reference page shows it, one line per overload. */
  signature: string;
  summary?: string;
  /** A class's, interface's or enum's members, in the order its page shows them (none for other kinds). */
  members?: MemberEntry[];
}

/** One member of a class, interface or enum, as its page shows it under its own anchor. */
export interface MemberEntry {
  name: string;
  kind: string;
  /** The page and the member's anchor. */
  route: string;
  /** The member's declaration as its page shows it (its first line for an overloaded method). */
  signature: string;
  summary?: string;
}

const kindNames = new Map<number, string>(Object.entries(Kind).map(([name, value]) => [value, name.replace(/^./, (first) => first.toLowerCase()).replace('typeAlias', 'type alias').replace('enumMember', 'enum member')]));

/** The text of each `TypeScript declaration` block of a tree, in order. */
function declarations(tree: Root | Element): string[] {
  const found: string[] = [];
  visit(tree, 'element', (node: Element, _index, pre) => {
    if (node.tagName === 'code' && pre?.type === 'element' && pre.tagName === 'pre' && pre.properties.ariaLabel === 'TypeScript declaration') found.push(toString(node).trim());
  });
  return found;
}

/**
 * The sections of a page by the anchor of the heading that opens each (the first in document
 * order): one walk per page, where looking each member up by walking the page again was
 * quadratic (a sixth of the real portal's main thread on a cold build).
 */
function sectionsOf(tree: Root): Map<string, Element> {
  const sections = new Map<string, Element>();
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'section') return;
    for (const child of node.children) {
      const id = child.type === 'element' && /^h[2-6]$/.test(child.tagName) ? child.properties.id : undefined;
      if (typeof id === 'string' && !sections.has(id)) sections.set(id, node);
    }
  });
  return sections;
}

/**
 * Every top-level export of a package in one area, with its signature read from the very pages
 * as drawn (`htmlOf`): what an assistant is told is what the reference page shows, and the route
 * is the one the symbol table links guides to (routeOfTopLevel).
 */
export function symbolEntries(model: PackageModel, area: string, base: string, pages: Page[], summaryOf: (child: NonNullable<PackageModel['project']['children']>[number]) => string | undefined, htmlOf: (page: PageOf<'package'>) => string): SymbolEntry[] {
  const trees = new Map<string, { tree: Root; sections: Map<string, Element> }>();
  const pageOf = (route: string) => {
    let parsed = trees.get(route);
    if (!parsed) {
      const page = pages.find((candidate) => candidate.route === route);
      const tree = fromHtml(page?.kind === 'package' ? htmlOf(page) : '', { fragment: true });
      parsed = { tree, sections: sectionsOf(tree) };
      trees.set(route, parsed);
    }
    return parsed;
  };
  const memberSection = (route: string, anchor: string) => pageOf(route).sections.get(anchor);
  return (model.project.children ?? []).map((child) => {
    const route = routeOfTopLevel(base, child, model.project.children ?? []);
    const [page, anchor] = route.split('#');
    const kind = kindNames.get(child.kind) ?? 'export';
    let signature: string;
    if (child.kind === Kind.Enum) signature = `enum ${child.name}`;
    else if (anchor) {
      const section = memberSection(page, anchor);
      signature = (section ? declarations(section) : []).join('\n');
    } else signature = declarations(pageOf(page).tree)[0] ?? '';
    const members = pageKinds[child.kind]
      ? (child.children ?? []).map((member): MemberEntry => {
          const memberKind = kindNames.get(member.kind) ?? 'member';
          const anchor = memberAnchor(member.name);
          const section = memberSection(page, anchor);
          const summary = summaryOf(member);
          return { name: member.name, kind: memberKind, route: `${page}#${anchor}`, signature: (section ? declarations(section)[0] : undefined) ?? `${memberKind} ${member.name}`, ...(summary ? { summary } : {}) };
        })
      : undefined;
    return { name: child.name, kind, package: model.name, version: model.version, area, route, signature: signature || `${kind} ${child.name}`, ...(summaryOf(child) ? { summary: summaryOf(child) } : {}), ...(members ? { members } : {}) };
  });
}
