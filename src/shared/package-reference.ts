import type { JSONOutput } from 'typedoc';
import type { ResolveReference } from './type-tokens.ts';

// The page data of an npm package's reference: what the TypeDoc source gives and the package
// kind draws (src/kinds/package.tsx). Plain data only, so a page's JSON is its whole model.

type Declaration = JSONOutput.DeclarationReflection;

/** A doc comment as Markdown, one field per tag, so a page shows every tag's text. */
export interface CommentParts {
  summary?: string;
  deprecated?: string;
  examples: string[];
  returns?: string;
  remarks?: string;
  /** `@defaultValue` / `@default`: inline code when it is one line, else a code block. */
  defaultValue?: string;
  /** `@throws`, one entry per tag. */
  throws: string[];
  /** `@see`, one entry per reference: a symbol of the package or a URL is a link. */
  see: string[];
  /** Any other block tag with text (`@since`, custom tags), so no text of a comment is dropped. */
  other: { tag: string; text: string }[];
}

/** A doc comment as the page shows it: each part sanitised HTML, labelled (`Default:`, `Throws:`). */
export interface CommentHtml {
  deprecated?: string;
  summary?: string;
  remarks?: string;
  defaultValue?: string;
  returns?: string;
  throws: string[];
  see?: string;
  other: string[];
  examples: string[];
}

/** A "since" or "changed in" mark of a symbol, linking to the changelog section that shows the change. */
export interface VersionMark {
  label: string;
  href: string;
}

/**
 * What the build knows about the declarations of one page, keyed by the JSON of the reflection
 * part it is about (`referenceKey`): a type reference's href, a comment's HTML, and the marks of
 * `Name` or `Name.member`.
 */
export interface ReferenceTables {
  links: Record<string, string>;
  comments: Record<string, CommentHtml>;
  marks: Record<string, VersionMark[]>;
}

/** The key a reflection part (a type reference, a comment) has in the tables. */
export const referenceKey = (part: unknown): string => JSON.stringify(part);

/** How an area holds a package its SDK does not install (npmReference `alongside`). */
export interface AlongsideView {
  /** The packages the area is built on (`@pexip/vpaas-sdk`, …), none of which installs this one. */
  roots: string[];
  /** The area's own label, "VPaaS". */
  areaLabel: string;
  /** The area whose apps the package is for, and its reference of the package there. */
  forArea?: { label: string; href?: string };
}

/** The line every page of a package opens with: the version documented, and how the area holds it. */
export interface PackageVersionLine {
  name: string;
  version: string;
  /** The package's index, linked from every page but the index. */
  href?: string;
  alongside?: AlongsideView;
}

export interface PackageIndexView {
  name: string;
  version: string;
  description?: string;
  /** The opening paragraphs of the package's README, as sanitised HTML. */
  readme?: string;
  entryPoints: { subpath: string; file: string }[];
  dependencies: { name: string; version: string; href?: string }[];
  groups: { title: string; items: { name: string; href: string; summary?: string }[] }[];
  modulesHref: string;
}

/**
 * A group of the modules page: a link to each export (where it is shown: its own page or its
 * group's), under an anchor of its name; `pages`, the group's own pages when it is shown in full.
 */
export interface ModulesGroup {
  id: string;
  title: string;
  pages: { href: string; label: string }[];
  links: { name: string; href: string; anchor: string; summary?: string }[];
}

/** One page of a package's reference. */
export type PackagePageModel = { versionLine: PackageVersionLine } & (
  | { page: 'index'; index: PackageIndexView }
  | { page: 'modules'; groups: ModulesGroup[] }
  | { page: 'module-group'; group: { id: string; title: string; members: Declaration[] }; tables: ReferenceTables }
  | { page: 'declaration'; declaration: Declaration; kindLabel: 'class' | 'interface'; tables: ReferenceTables }
  | { page: 'enum'; declaration: Declaration; tables: ReferenceTables }
);

const memberGroups: { title: string; id: string; kinds: number[] }[] = [
  { title: 'Constructors', id: 'constructors', kinds: [512] },
  { title: 'Properties', id: 'properties', kinds: [1024] },
  { title: 'Accessors', id: 'accessors', kinds: [262144] },
  { title: 'Methods', id: 'methods', kinds: [2048] },
];

/** A class's or interface's members by section (constructors, properties, accessors, methods), empty ones left out. */
export function declarationSections(declaration: Declaration): { title: string; id: string; members: Declaration[] }[] {
  return memberGroups
    .map((group) => ({ ...group, members: (declaration.children ?? []).filter((member) => group.kinds.includes(member.kind)) }))
    .filter((group) => group.members.length > 0);
}

/** The id of the member table: hyphenated, so only a quoted member name could take it as its anchor. */
export const memberTableId = 'members-overview';

/** What the package kind's page and twin need from the build: links, Markdown and source links. */
export interface ReferenceContext {
  resolve: ResolveReference;
  /** A comment as HTML parts, one per tag (summary, @deprecated, @example, @see...), drawn by the build. */
  comment: (comment: JSONOutput.Comment | undefined) => CommentHtml;
  /** The published file and line a declaration comes from. */
  source: (declaration: { sources?: JSONOutput.SourceReference[] }) => { href: string; label: string } | undefined;
  anchor: (name: string) => string;
  /** The plain first sentence of a declaration's comment, for one-line lists and tables. */
  summary: (declaration: Declaration) => string | undefined;
  /** "since" and "changed in" marks of `Name` or `Name.member`, from the package's generated changelog. */
  marks?: (symbol: string) => { label: string; href: string }[];
}

/**
 * The documented properties of a destructured parameter (`@param options.name`, or the
 * `@param root0.name` TypeDoc names an unnamed pattern): on the members of an inline object
 * type, or kept by TypeDoc beside a named type as its highlighted properties.
 */
export function parameterProperties(parameter: JSONOutput.ParameterReflection): { name: string; comment: JSONOutput.Comment }[] {
  const type = parameter.type;
  if (type?.type === 'reflection') {
    return (type.declaration.children ?? []).filter((child) => child.comment).map((child) => ({ name: child.name, comment: child.comment! }));
  }
  if (type?.type === 'reference' && type.highlightedProperties) {
    return Object.entries(type.highlightedProperties).map(([name, summary]) => ({ name, comment: { summary } }));
  }
  return [];
}

/** A member's badges, in the order the page shows them. */
export function memberBadges(member: JSONOutput.DeclarationReflection): string[] {
  return [member.flags.isOptional && 'optional', member.flags.isReadonly && 'readonly', member.flags.isStatic && 'static', member.inheritedFrom && 'inherited'].filter((badge): badge is string => !!badge);
}
