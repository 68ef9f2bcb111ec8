import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import {
  type ChangeView,
  type ChangelogSectionView,
  type ChangelogView,
  type ReleaseView,
  causeClusters,
  changelogGroups,
  firstVersionTitle,
  releasesLabel,
  sectionSummary,
} from '../shared/changelog-view.ts';
import { codeSpans, fenced, heading, inlineCode, link, list, paragraph, strong, text } from './mdast-nodes.ts';
import { type TwinTarget, twinLink } from './absolute-links.ts';

// A generated changelog as Markdown, from the view its page is drawn from
// (templates/reference/Changelog.tsx): the same sections, groups and entries under the same
// headings, each entry's link to the twin of the page it names.

/** "`A`, `B` and `C`": the types a cluster of entries changed through. */
const causeTitle = (cause: string[]): PhrasingContent[] => cause.flatMap((type, index) => [...(index ? [text(index === cause.length - 1 ? ' and ' : ', ')] : []), inlineCode(type)]);

/** What the package's own CHANGELOG says of each release, under its label. */
function releases(items: ReleaseView[], label: string): RootContent[] {
  return [
    paragraph(text(label)),
    list(items.map((release) => [paragraph(strong(text(release.version)), text(`${release.date ? ` (published ${release.date})` : ''}${release.notes.length ? '' : ': no notes.'}`)), ...(release.notes.length ? [list(release.notes.map((note) => [paragraph(...codeSpans(note))]))] : [])]), { tight: true }),
  ];
}

function change(entry: ChangeView, target: TwinTarget): BlockContent[] {
  const name = inlineCode(entry.name);
  const blocks: BlockContent[] = [paragraph(text(`${entry.kind} `), entry.href ? link(twinLink(entry.href, target), name) : name, ...(entry.note ? [text(': '), ...codeSpans(entry.note)] : []))];
  if (entry.summary) blocks.push(paragraph(...codeSpans(entry.summary)));
  if (entry.before?.length && entry.after?.length && entry.before.join('\n') !== entry.after.join('\n')) {
    blocks.push(paragraph(text('Before')), fenced(entry.before.join('\n'), 'ts'), paragraph(text('After')), fenced(entry.after.join('\n'), 'ts'));
  }
  // The probe stays on the page: a long changelog's twin keeps the compiler's verdict (the note), not the proofs.
  return blocks;
}

/** A group's entries: the clusters of a shared cause under their own headings, then the others. */
function groupChanges(id: string, changes: ChangeView[], target: TwinTarget): RootContent[] {
  const { clusters, rest } = causeClusters(id, changes);
  const blocks: RootContent[] = [];
  for (const cluster of clusters) blocks.push(heading(4, text('Through '), ...causeTitle(cluster.cause), text(`: ${cluster.changes.length} entries`)), list(cluster.changes.map((entry) => change(entry, target))));
  if (rest.length) {
    if (clusters.length) blocks.push(heading(4, text('Other changes')));
    blocks.push(list(rest.map((entry) => change(entry, target))));
  }
  return blocks;
}

function section(part: ChangelogSectionView, target: TwinTarget): RootContent[] {
  const blocks: RootContent[] = [heading(2, text(part.title)), paragraph(text(sectionSummary(part)))];
  if (part.releases?.length) blocks.push(...releases(part.releases, releasesLabel(part.releases, 'range')));
  if (part.proofsHref) {
    blocks.push(paragraph(text(`The code that proves each change, and what the compiler says of it against ${part.title.split(' → ').at(-1)}: `), link(twinLink(part.proofsHref, target), text(`the proofs of ${part.title}`)), text('.')));
  }
  for (const group of changelogGroups(part)) blocks.push(heading(3, text(group.title)), ...groupChanges(group.id, group.changes, target));
  return blocks;
}

/** A changelog: its intro, then its first version or a section per pair of versions. */
export function changelogTwin(view: ChangelogView, target: TwinTarget): RootContent[] {
  const blocks: RootContent[] = view.intro.map((line) => paragraph(text(line)));
  if (view.firstVersion) {
    blocks.push(heading(2, text(firstVersionTitle)), paragraph(text(view.firstVersion)));
    if (view.history?.length) blocks.push(...releases(view.history, releasesLabel(view.history, 'history')));
    if (view.later) blocks.push(paragraph(text(`A later version, ${view.later.version}, is documented in another area of this site: `), link(twinLink(view.later.href, target), text('its changelog')), text(' lists what changed since this one.')));
  }
  for (const part of view.sections) blocks.push(...section(part, target));
  return blocks;
}

/** A probe and what the compiler says of it. */
const proof = (probe: NonNullable<ChangeView['proof']>): RootContent[] => [paragraph(text(probe.summary)), fenced(probe.code, 'ts'), ...(probe.message ? [fenced(probe.message)] : [])];

/**
 * The proofs of one section of a changelog, by group (templates/reference/Changelog.tsx
 * `ChangelogProofs`): a cluster's entries share their first entry's probe.
 */
export function changelogProofsTwin(part: ChangelogSectionView, changelogHref: string, target: TwinTarget): RootContent[] {
  const back = twinLink(`${changelogHref}#${part.id}`, target);
  const blocks: RootContent[] = [
    paragraph(
      text('Each entry of '),
      link(back, text(part.title)),
      text(' with the code that proves it: a few lines written for the earlier version, and what the TypeScript compiler says of them against the later one.'),
    ),
  ];
  for (const group of changelogGroups(part)) {
    const { clusters, rest } = causeClusters(group.id, group.changes.filter((entry) => entry.proof));
    if (!clusters.length && !rest.length) continue;
    blocks.push(heading(2, text(group.title)));
    for (const cluster of clusters) {
      blocks.push(
        heading(3, text('Through '), ...causeTitle(cluster.cause), text(`: ${cluster.changes.length} entries`)),
        paragraph(text(`Every entry below changed through the same types, and its own probe ${group.id.endsWith('-breaking') ? 'fails' : 'compiles'} the same way. The probe of `), inlineCode(cluster.changes[0].name), text(':')),
        ...proof(cluster.changes[0].proof!),
        list(cluster.changes.map((entry) => [paragraph(link(back, inlineCode(entry.name)))])),
      );
    }
    for (const entry of rest) blocks.push(heading(3, inlineCode(entry.name)), ...proof(entry.proof!));
  }
  return blocks;
}
