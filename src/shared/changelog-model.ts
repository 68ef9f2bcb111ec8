// A generated changelog's model, in plain JSON: the OpenAPI and TypeDoc sources build it, the
// changelog kind draws it (templates/reference/Changelog.tsx). Page data, so it sits below both.

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

export const firstVersionId = 'first-version';
export const firstVersionTitle = 'First version documented';

/** The page's "On this page" entries: a section per pair of versions, or the first version's. */
export const changelogToc = (view: ChangelogView) =>
  view.firstVersion ? [{ depth: 2, id: firstVersionId, text: firstVersionTitle }] : view.sections.map((section) => ({ depth: 2, id: section.id, text: section.title }));
