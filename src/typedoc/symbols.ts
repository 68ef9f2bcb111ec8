import type { JSONOutput } from 'typedoc';
import type { PackageModel } from './convert.ts';
import { type InstalledPackage, versionResolvedFrom } from './installed-packages.ts';

/** A package as one area documents it: its model, and the installed copy it was made from. */
export interface DocumentedPackage {
  model: PackageModel;
  copy: InstalledPackage;
  /** The opening paragraphs of the README its tarball ships, as Markdown (readme-summary.ts). */
  readme?: string;
}

// TypeDoc's ReflectionKind values that get pages or anchors.
export const Kind = {
  Namespace: 4,
  Enum: 8,
  EnumMember: 16,
  Variable: 32,
  Function: 64,
  Class: 128,
  Interface: 256,
  Constructor: 512,
  Property: 1024,
  Method: 2048,
  Accessor: 262144,
  TypeAlias: 2097152,
  Reference: 4194304,
} as const;

export const pageKinds: Record<number, 'classes' | 'interfaces' | 'enums'> = { [Kind.Class]: 'classes', [Kind.Interface]: 'interfaces', [Kind.Enum]: 'enums' };

/** The route segment of a package: "@pexip/infinity-api" -> "infinity-api". */
export const packageSlug = (name: string) => name.replace(/^@[^/]+\//, '');

export type SomeType = JSONOutput.SomeType;
export type Declaration = JSONOutput.DeclarationReflection;

/**
 * Every linkable symbol of one docs area: reflection ids within a package, and
 * (package, qualified name) across packages, mapped to the page and anchor that shows them.
 * A type of another package links only when the area documents the version of it that the
 * referring package resolves: a link to another version could show members its code lacks.
 */
export class SymbolTable {
  private readonly byId = new Map<string, string>();
  private readonly byQualifiedName = new Map<string, string>();
  private readonly copies = new Map<string, InstalledPackage>();
  /** Top-level export name -> route, first package (in configured order) winning. */
  readonly byName = new Map<string, string>();

  constructor(readonly baseRoute: string, packages: DocumentedPackage[]) {
    for (const { model, copy } of packages) {
      this.copies.set(model.name, copy);
      const base = `${baseRoute}/${packageSlug(model.name)}`;
      for (const child of model.project.children ?? []) {
        const route = routeOfTopLevel(base, child, model.project.children ?? []);
        this.byId.set(`${model.name}#${child.id}`, route);
        this.byQualifiedName.set(`${model.name}#${child.name}`, route);
        if (!this.byName.has(child.name)) this.byName.set(child.name, route);
        const page = route.split('#')[0];
        for (const member of child.children ?? []) {
          const memberRoute = pageKinds[child.kind] ? `${page}#${memberAnchor(member.name)}` : route;
          this.byId.set(`${model.name}#${member.id}`, memberRoute);
          this.byQualifiedName.set(`${model.name}#${child.name}.${member.name}`, memberRoute);
        }
      }
    }
  }

  /** The href of a reference type seen in `packageName`, or undefined for outside types. */
  resolve(reference: Extract<SomeType, { type: 'reference' }>, packageName: string): string | undefined {
    const target = reference.target;
    if (typeof target === 'number') return this.byId.get(`${packageName}#${target}`);
    if (target && typeof target === 'object' && 'qualifiedName' in target) return this.acrossPackages(packageName, target.packageName, target.qualifiedName);
    return undefined;
  }

  /** The href of `Name` or `Name.member` of one package, when the reference shows it. */
  routeOf(packageName: string, qualifiedName: string): string | undefined {
    return this.byQualifiedName.get(`${packageName}#${qualifiedName}`);
  }

  /** The href of a `{@link Name}` target in a comment. */
  resolveLink(target: unknown, packageName: string, text: string): string | undefined {
    if (typeof target === 'number') return this.byId.get(`${packageName}#${target}`);
    if (target && typeof target === 'object' && 'qualifiedName' in target) {
      const { packageName: other, qualifiedName } = target as { packageName: string; qualifiedName: string };
      return this.acrossPackages(packageName, other, qualifiedName);
    }
    return this.byQualifiedName.get(`${packageName}#${text}`);
  }

  /** The area's route for `from`'s view of a symbol of `to`, when the versions agree. */
  private acrossPackages(from: string, to: string, qualifiedName: string): string | undefined {
    const referring = this.copies.get(from);
    const target = this.copies.get(to);
    if (!referring || !target || versionResolvedFrom(referring, to) !== target.version) return undefined;
    return this.byQualifiedName.get(`${to}#${qualifiedName}`);
  }

  /** The documented copy of `to` when it is the version `from` resolves, for dependency lists. */
  documentedFor(from: string, to: string): InstalledPackage | undefined {
    const referring = this.copies.get(from);
    const target = this.copies.get(to);
    return referring && target && versionResolvedFrom(referring, to) === target.version ? target : undefined;
  }
}

/** A package's exports by kind, as its index and modules page list them; `page` kinds have a page each. */
export const exportGroups: { title: string; id: string; kind: number }[] = [
  { title: 'Classes', id: 'classes', kind: Kind.Class },
  { title: 'Interfaces', id: 'interfaces', kind: Kind.Interface },
  { title: 'Enumerations', id: 'enumerations', kind: Kind.Enum },
  { title: 'Functions', id: 'functions', kind: Kind.Function },
  { title: 'Variables', id: 'variables', kind: Kind.Variable },
  { title: 'Type aliases', id: 'type-aliases', kind: Kind.TypeAlias },
  { title: 'Namespaces', id: 'namespaces', kind: Kind.Namespace },
];

/**
 * The most exports one group page shows in full: the `components` packages' 187 variables come to
 * over 100,000 characters on one page, the size an assistant reads whole; longer groups go on.
 */
export const moduleGroupPageSize = 100;

/** A group's page (`…/modules/variables`), and its next ones when it is longer (`…/modules/variables-2`). */
export const moduleGroupRoute = (packageBase: string, groupId: string, page = 0) => `${packageBase}/modules/${groupId}${page ? `-${page + 1}` : ''}`;

/**
 * Where an export is shown: its own page for a class, interface or enum, else its anchor on its
 * group's page (`siblings`: the package's exports, in order, which say which page of the group).
 * The modules page keeps an anchor of every export's name too, linking there, so a
 * `modules#<name>` link made before the groups had pages still lands on it.
 */
export function routeOfTopLevel(packageBase: string, child: Declaration, siblings: Declaration[]): string {
  const folder = pageKinds[child.kind];
  if (folder) return `${packageBase}/${folder}/${child.name}`;
  const group = exportGroups.find((candidate) => candidate.kind === child.kind);
  if (!group) return `${packageBase}/modules#${memberAnchor(child.name)}`;
  const index = siblings.filter((sibling) => sibling.kind === child.kind).indexOf(child);
  return `${moduleGroupRoute(packageBase, group.id, Math.floor(Math.max(index, 0) / moduleGroupPageSize))}#${memberAnchor(child.name)}`;
}

/** Anchors are the symbol names themselves (ids are case-sensitive), kept safe for URLs. */
export const memberAnchor = (name: string) => name.replace(/[^A-Za-z0-9_$-]/g, '_');
