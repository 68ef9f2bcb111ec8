import type { Page } from '../page.ts';
import { changelogGroups, changelogToc, type ChangeView, type ChangelogView } from '../shared/changelog-view.ts';
import type { VersionMark } from '../shared/package-reference.ts';
import type { AreaId } from '../shared/types.ts';
import { changeCauses } from './change-causes.ts';
import type { DeclarationChange } from './declaration-changes.ts';
import type { PackageHistory, VersionMarks } from './package-history.ts';
import { type PackageReleases, releasesBetween, releaseViews } from './releases.ts';
import { packageSlug, type SymbolTable } from './symbols.ts';
import { compareVersions } from './versions.ts';

/** The changelog page of a package in one area: `/docs/<folder>/<package>/changelog`. */
export const changelogRoute = (folder: string, name: string) => `/docs/${folder}/${packageSlug(name)}/changelog`;

/** The page of one section's proofs: `…/changelog/v19-1-2-proofs`. */
export const proofsRoute = (changelog: string, sectionId: string) => `${changelog}/${sectionId}-proofs`;

/** The id of the section that compares `version` with the version before it. */
export const versionSectionId = (version: string) => `v${version.replace(/[^A-Za-z0-9]/g, '-')}`;

const major = (version: string) => version.split('.')[0];

/** The checker's proof of a change, as the page shows it (collapsed). */
function proofView(change: DeclarationChange): NonNullable<ChangeView['proof']> {
  const proof = change.proof!;
  return change.breaking
    ? { summary: 'Proof: code written for the earlier version, which the later one rejects', code: proof.text, message: proof.laterError }
    : { summary: 'Proof: code written for the earlier version still compiles; the types differ', code: proof.text, ...(change.witness?.laterError ? { message: change.witness.laterError } : {}) };
}

function changeView(change: DeclarationChange, href: string | undefined, cause?: string[]): ChangeView {
  const note = change.kind === 'renamed' ? `renamed from ${change.renamedFrom}; ${change.why}` : change.kind === 'deprecated' ? change.deprecated : change.why;
  return {
    kind: change.kind,
    breaking: change.breaking,
    name: change.symbol,
    href: change.kind === 'removed' ? undefined : href,
    note,
    before: change.kind === 'changed' || change.kind === 'renamed' ? change.before : undefined,
    after: change.kind === 'changed' || change.kind === 'renamed' ? change.after : undefined,
    ...(change.summary && change.kind !== 'removed' ? { summary: change.summary } : {}),
    ...(change.proof ? { proof: proofView(change) } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** The view of a package's changelog: an introduction, then each version against the one before it. */
export function packageChangelogView(history: PackageHistory, href: (symbol: string) => string | undefined, later?: ChangelogView['later'], releases?: PackageReleases): ChangelogView {
  const [pinned, ...earlier] = history.versions;
  if (!earlier.length) {
    const recorded = releases ? Object.keys(releases.notes).filter((version) => compareVersions(version, pinned) <= 0).sort((a, b) => compareVersions(b, a)) : [];
    return {
      intro: [],
      firstVersion: `${history.name} ${pinned} is the first version documented here: no earlier version is installed to compare its declarations with, so the machine diff has no changes to list.${releases ? ` The registry lists ${releases.versions.length === 1 ? `one published version, ${releases.versions[0].version} (${releases.versions[0].published})` : `${releases.versions.length} published versions`}${recorded.length ? '; the package\'s own CHANGELOG records the releases below' : ''}.` : ''}`,
      ...(releases && recorded.length ? { history: releaseViews(releases, recorded) } : {}),
      sections: [],
      later,
    };
  }
  const intro = [
    `What changed in the exported API of ${history.name}, generated from the type declarations of each version compared: ${history.versions.join(', ')}. Each version is compared with the next older one in that list; releases between two of them are not inspected, so a change may have come in any of them.`,
    'The TypeScript checker decides each entry, comparing the expanded types of both versions (a change inside a type the package does not export shows on the export that uses it; a change of spelling alone is no change). Breaking: code written for the earlier version does not compile against the later one (an export or member removed or renamed, an input that accepts less, an output that gives something else). Changed: the types differ, but such code still compiles. Each change carries its proof: a few lines of code using the earlier version, with what the compiler says against the later one.',
  ];
  const oldest = earlier.at(-1)!;
  if (major(oldest) === major(pinned)) intro.push(`Every version compared is ${major(pinned)}.x: no earlier major of ${history.name} is compared.`);
  return {
    intro,
    sections: history.pairs.map((pair) => ({
      id: versionSectionId(pair.to),
      ...(releases ? { releases: releaseViews(releases, releasesBetween(releases, pair.from, pair.to)) } : {}),
      title: `${pair.from} → ${pair.to}`,
      changes: ((causes) => pair.changes.map((change) => changeView(change, href(change.symbol), causes.get(change.symbol))))(changeCauses(pair.changes)),
      empty: 'The exported declarations are the same in both versions.',
    })),
  };
}

/**
 * The changelog page of one package in one area, linking each change to the symbol's reference,
 * and a page per section with the proofs of its changes (the proofs of a major release's branded
 * ids alone would take the changelog past what a reader or an assistant reads whole).
 * `file`: the package.json of the installed copy documented, relative to the project.
 */
export function packageChangelogPages(history: PackageHistory, area: AreaId, folder: string, symbols: SymbolTable, file = `node_modules/${history.name}/package.json`, later?: ChangelogView['later'], releases?: PackageReleases): Page[] {
  const route = changelogRoute(folder, history.name);
  const drawn = packageChangelogView(history, (symbol) => symbols.routeOf(history.name, symbol) ?? symbols.routeOf(history.name, symbol.split(/[.[]/)[0]), later, releases);
  const view = { ...drawn, sections: drawn.sections.map((section) => (section.changes.some((change) => change.proof) ? { ...section, proofsHref: proofsRoute(route, section.id) } : section)) };
  const changes = history.pairs.flatMap((pair) => pair.changes);
  const breaking = changes.filter((change) => change.breaking).length;
  const versionLine = { name: history.name, version: history.versions[0], href: `/docs/${folder}/${packageSlug(history.name)}` };
  const changelog: Page = {
    route,
    kind: 'changelog',
    title: `${history.name}: what changed`,
    sidebarLabel: 'Changelog',
    description: history.pairs.length
      ? `Changes to the API of ${history.name} from ${history.versions.at(-1)} to ${history.versions[0]}, generated from their type declarations: ${changes.length} changes, ${breaking} breaking.`
      : `${history.name} ${history.versions[0]} is the first version documented: no earlier version to compare.`,
    area,
    toc: changelogToc(view),
    // Like every page of the package's reference, it names the version it leads up to first.
    body: { versionLine, view },
    source: { file },
    links: [],
    keywords: [history.name, packageSlug(history.name), 'changelog', 'breaking changes'],
  };
  const proofs = view.sections.flatMap((section): Page[] =>
    section.proofsHref
      ? [
          {
            route: section.proofsHref,
            kind: 'changelog',
            title: `${history.name} ${section.title}: proofs`,
            description: `The code that proves each change of ${history.name} ${section.title}, with what the TypeScript compiler says of it.`,
            area,
            toc: changelogGroups(section).filter((group) => group.changes.some((change) => change.proof)).map((group) => ({ depth: 2, id: group.id, text: group.title })),
            body: { versionLine, view: { intro: [], sections: [section] }, proofsOf: { changelogHref: route } },
            source: { file },
            links: [],
            keywords: [history.name, 'changelog', 'proofs'],
            // Compiler evidence, read from the changelog's links: search finds the changelog itself,
            // not a page of probe code that names the package on every line.
            search: false,
          },
        ]
      : [],
  );
  return [changelog, ...proofs];
}

/**
 * For each copy (`name@version`) that another area's changelog compares as an earlier version: the
 * later version and the section of that changelog that starts from it (VPaaS's peer-connection
 * 17.12.0 and the Infinity area's 17.12.0 → 18.2.0).
 */
export function laterChangelogs(documented: { folder: string; history: PackageHistory }[]): Map<string, NonNullable<ChangelogView['later']>> {
  const later = new Map<string, NonNullable<ChangelogView['later']>>();
  for (const { folder, history } of documented) {
    for (const pair of history.pairs) later.set(`${history.name}@${pair.from}`, { version: history.versions[0], href: `${changelogRoute(folder, history.name)}#${versionSectionId(pair.to)}` });
  }
  return later;
}

/** The "since" and "changed in" marks of a symbol, each linking to its changelog section. */
export function marksOf(marks: Map<string, VersionMarks>, route: string): (symbol: string) => VersionMark[] {
  const label = (word: string, release: string) => (release.startsWith('between ') ? `${word === 'since' ? 'added' : 'changed'} ${release}` : `${word} ${release}`);
  return (symbol) => {
    const mark = marks.get(symbol);
    if (!mark) return [];
    return [
      ...(mark.since ? [{ label: label('since', mark.since.release), href: `${route}#${versionSectionId(mark.since.section)}` }] : []),
      ...(mark.changedIn ? [{ label: label('changed in', mark.changedIn.release), href: `${route}#${versionSectionId(mark.changedIn.section)}` }] : []),
    ];
  };
}
