// The view of a generated changelog: what its sources (src/typedoc, src/openapi) give and the
// changelog kind draws (templates/reference/Changelog.tsx). Plain data only.

/**
 * A generated changelog: one section per pair of versions compared (newest first), its changes
 * grouped as breaking, deprecated, added and changed. The same view serves npm packages
 * (changes of exports and members) and REST APIs (operations, parameters and fields).
 */
export interface ChangeView {
  /** "removed", "renamed", "changed", "deprecated", "added". */
  kind: string;
  breaking: boolean;
  /** What changed, shown as code: `Client.getMe`, `GET /v1/orgs`. */
  name: string;
  href?: string;
  /** One line on it: why it breaks, the deprecation's text, the tool's description. */
  note?: string;
  before?: string[];
  after?: string[];
  /** What it is, in the words of its doc comment (one line). */
  summary?: string;
  /** The exported types, changed or added in the same range, through which this entry changed (`ParticipantID`): entries sharing them are shown together. */
  cause?: string[];
  /** Code that uses the earlier version, and what the compiler says of it against the later one (collapsed: the migration hint). */
  proof?: { summary: string; code: string; message?: string };
}

/** A published release, with the notes its package's CHANGELOG gives it. */
export interface ReleaseView {
  version: string;
  /** When the registry says it was published (YYYY-MM-DD). */
  date?: string;
  notes: string[];
}

export interface ChangelogSectionView {
  id: string;
  /** The releases this pair spans (after the earlier version, up to the later), from the registry and the CHANGELOG. */
  releases?: ReleaseView[];
  title: string;
  /** When the later version was published (YYYY-MM-DD), when known. */
  date?: string;
  changes: ChangeView[];
  /** Said when there are no changes to list. */
  empty?: string;
  /** The page that shows this section's proofs, when they are not drawn in the changelog itself. */
  proofsHref?: string;
}

export interface ChangelogView {
  /** Paragraphs before the sections, plain text. */
  intro: string[];
  sections: ChangelogSectionView[];
  /** Said instead of sections when nothing is compared (a first version). */
  firstVersion?: string;
  /** With a first version: the releases its CHANGELOG records up to it, newest first. */
  history?: ReleaseView[];
  /**
   * A later version of the package that this site documents elsewhere (another area's SDK installs
   * it), and the section of its changelog that starts from this one.
   */
  later?: { version: string; href: string };
}

const groups: { id: string; title: string; test: (change: ChangeView) => boolean }[] = [
  { id: 'breaking', title: 'Breaking changes', test: (change) => change.breaking },
  { id: 'deprecated', title: 'Deprecated', test: (change) => !change.breaking && change.kind === 'deprecated' },
  { id: 'added', title: 'Added', test: (change) => !change.breaking && change.kind === 'added' },
  { id: 'changed', title: 'Changed', test: (change) => !change.breaking && change.kind !== 'added' && change.kind !== 'deprecated' },
];

/** The groups a section shows (breaking, deprecated, added, changed), with their heading ids. */
export function changelogGroups(section: ChangelogSectionView): { id: string; title: string; changes: ChangeView[] }[] {
  return groups.map((group) => ({ id: `${section.id}-${group.id}`, title: group.title, changes: section.changes.filter(group.test) })).filter((group) => group.changes.length);
}

/** Entries of one group that changed through the same types, with the heading id of their cluster. */
export interface CauseCluster {
  id: string;
  cause: string[];
  changes: ChangeView[];
}

/**
 * A group's entries by root cause: a cluster per set of types that two or more entries changed
 * through (one heading per changed type with the exports it reaches), largest first, then the rest.
 */
export function causeClusters(groupId: string, changes: ChangeView[]): { clusters: CauseCluster[]; rest: ChangeView[] } {
  const byCause = new Map<string, ChangeView[]>();
  for (const change of changes) if (change.cause?.length) byCause.set(change.cause.join(' '), [...(byCause.get(change.cause.join(' ')) ?? []), change]);
  const clusters = [...byCause.values()]
    .filter((members) => members.length > 1)
    .map((members) => ({ id: `${groupId}-through-${members[0].cause!.join('-').toLowerCase()}`, cause: members[0].cause!, changes: members }))
    .sort((a, b) => b.changes.length - a.changes.length || a.id.localeCompare(b.id));
  const clustered = new Set(clusters.flatMap((cluster) => cluster.changes));
  return { clusters, rest: changes.filter((change) => !clustered.has(change)) };
}

/** The line under a section's heading: its date, and how many changes (how many breaking), or why none. */
export function sectionSummary(section: ChangelogSectionView): string {
  const breaking = section.changes.filter((change) => change.breaking).length;
  return `${section.date ? `${section.date}: ` : ''}${section.changes.length ? `${section.changes.length} ${section.changes.length === 1 ? 'change' : 'changes'}, ${breaking} breaking.` : (section.empty ?? '')}`;
}

/** The label of the package CHANGELOG's releases: up to a first version, or in a section's range. */
export const releasesLabel = (releases: ReleaseView[], scope: 'history' | 'range') =>
  scope === 'history' ? `The package's CHANGELOG: ${releases.length} releases` : `Releases in this range (the package's CHANGELOG): ${releases.map((release) => release.version).join(', ')}`;

export const firstVersionId = 'first-version';
export const firstVersionTitle = 'First version documented';

/** The page's "On this page" entries: a section per pair of versions, or the first version's. */
export const changelogToc = (view: ChangelogView) =>
  view.firstVersion ? [{ depth: 2, id: firstVersionId, text: firstVersionTitle }] : view.sections.map((section) => ({ depth: 2, id: section.id, text: section.title }));

/** An npm package's changelog page: the version it leads up to (linked to the package's index), then its view. */
export interface PackageChangelogModel {
  versionLine: { name: string; version: string; href: string };
  view: ChangelogView;
  /**
   * Set on the page of one section's proofs (`…/changelog/v19-1-2-proofs`): it draws the proofs of
   * the view's only section, each entry linking back to the changelog.
   */
  proofsOf?: { changelogHref: string };
}

/**
 * The anchor of each proved entry of a section on its proofs page, unique within the section
 * (`proof-Client.getMe`, kept safe for URLs as reference anchors are).
 */
export function proofAnchors(section: ChangelogSectionView): Map<ChangeView, string> {
  const anchors = new Map<ChangeView, string>();
  const taken = new Set<string>();
  for (const change of section.changes) {
    if (!change.proof) continue;
    const base = `proof-${change.name.replace(/[^A-Za-z0-9_.$-]/g, '_')}`;
    let anchor = base;
    for (let n = 2; taken.has(anchor); n += 1) anchor = `${base}-${n}`;
    taken.add(anchor);
    anchors.set(change, anchor);
  }
  return anchors;
}
