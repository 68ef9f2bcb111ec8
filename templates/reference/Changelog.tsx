import { HashLink } from '../content/HashLink.tsx';
import { CodeSpans } from '../content/CodeSpans.tsx';
import { type ChangeView, type ChangelogSectionView, type ChangelogView, type ReleaseView, firstVersionId, firstVersionTitle } from '../../src/shared/changelog-view.ts';

const groups: { id: string; title: string; test: (change: ChangeView) => boolean }[] = [
  { id: 'breaking', title: 'Breaking changes', test: (change) => change.breaking },
  { id: 'deprecated', title: 'Deprecated', test: (change) => !change.breaking && change.kind === 'deprecated' },
  { id: 'added', title: 'Added', test: (change) => !change.breaking && change.kind === 'added' },
  { id: 'changed', title: 'Changed', test: (change) => !change.breaking && change.kind !== 'added' && change.kind !== 'deprecated' },
];

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

/** The groups a section shows, with their heading ids. */
export function changelogGroups(section: ChangelogSectionView): { id: string; title: string; changes: ChangeView[] }[] {
  return groups.map((group) => ({ id: `${section.id}-${group.id}`, title: group.title, changes: section.changes.filter(group.test) })).filter((group) => group.changes.length);
}

const causeTitle = (cause: string[]) => cause.map((type, index) => (
  <span key={type}>
    {index ? (index === cause.length - 1 ? ' and ' : ', ') : ''}
    <code>{type}</code>
  </span>
));

/** A group's entries: the clusters of a shared cause under their own headings, then the others. */
function GroupChanges({ id, title, changes }: { id: string; title: string; changes: ChangeView[] }) {
  const { clusters, rest } = causeClusters(id, changes);
  return (
    <>
      {clusters.map((cluster) => (
        <section key={cluster.id}>
          <h4 id={cluster.id}>
            Through {causeTitle(cluster.cause)}: {cluster.changes.length} entries
            <HashLink id={cluster.id} label={`${title}: through ${cluster.cause.join(' and ')}`} />
          </h4>
          <ul className="changelog-list">
            {cluster.changes.map((change, index) => (
              <Change key={index} change={change} />
            ))}
          </ul>
        </section>
      ))}
      {rest.length ? (
        <>
          {clusters.length ? (
            <h4 id={`${id}-other`}>
              Other changes
              <HashLink id={`${id}-other`} label={`${title}: other changes`} />
            </h4>
          ) : null}
          <ul className="changelog-list">
            {rest.map((change, index) => (
              <Change key={index} change={change} />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** What the package's own CHANGELOG says of each release, beside the machine diff. */
const Releases = ({ releases, label }: { releases: ReleaseView[]; label: string }) => (
  <details className="changelog-releases">
    <summary>{label}</summary>
    <ul>
      {releases.map((release) => (
        <li key={release.version}>
          <strong>{release.version}</strong>
          {release.date ? ` (published ${release.date})` : ''}
          {release.notes.length ? (
            <ul>
              {release.notes.map((note, index) => (
                <li key={index}>
                  <CodeSpans text={note} />
                </li>
              ))}
            </ul>
          ) : (
            ': no notes.'
          )}
        </li>
      ))}
    </ul>
  </details>
);

const Code = ({ label, texts }: { label: string; texts: string[] }) => (
  <div className="code-block" data-language="ts">
    <div className="code-block-body">
      <pre tabIndex={0} role="group" aria-label={label}>
        <code className="hljs language-ts">{texts.join('\n')}</code>
      </pre>
    </div>
  </div>
);

function Change({ change }: { change: ChangeView }) {
  const name = <code>{change.name}</code>;
  return (
    <li className="changelog-change">
      <span className={`schema-constraint changelog-kind changelog-${change.kind}`}>{change.kind}</span> {change.href ? <a href={change.href}>{name}</a> : name}
      {change.note ? (
        <>
          {': '}
          <CodeSpans text={change.note} />
        </>
      ) : null}
      {change.summary ? (
        <p className="changelog-summary">
          <CodeSpans text={change.summary} />
        </p>
      ) : null}
      {change.before?.length && change.after?.length && change.before.join('\n') !== change.after.join('\n') ? (
        <>
          <p className="api-example-label">Before</p>
          <Code label="Earlier declaration" texts={change.before} />
          <p className="api-example-label">After</p>
          <Code label="Later declaration" texts={change.after} />
        </>
      ) : null}
      {change.proof ? (
        // The proofs would take a long changelog's twin past what an assistant reads whole: the
        // twin keeps the compiler's verdict (the note), the page the probe.
        <details className="changelog-proof" data-markdown-ignore="">
          <summary>{change.proof.summary}</summary>
          <Code label="Probe" texts={[change.proof.code]} />
          {change.proof.message ? <pre className="changelog-compiler">{change.proof.message}</pre> : null}
        </details>
      ) : null}
    </li>
  );
}

export function Changelog({ view }: { view: ChangelogView }) {
  return (
    <div className="reference changelog">
      {view.intro.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {view.firstVersion ? (
        <section>
          <h2 id={firstVersionId}>
            {firstVersionTitle}
            <HashLink id={firstVersionId} label={firstVersionTitle} />
          </h2>
          <p>{view.firstVersion}</p>
          {view.history?.length ? <Releases releases={view.history} label={`The package's CHANGELOG: ${view.history.length} releases`} /> : null}
          {view.later && (
            <p>
              A later version, {view.later.version}, is documented in another area of this site: <a href={view.later.href}>its changelog</a> lists what changed since this one.
            </p>
          )}
        </section>
      ) : null}
      {view.sections.map((section) => {
        const breaking = section.changes.filter((change) => change.breaking).length;
        return (
          <section key={section.id}>
            <h2 id={section.id}>
              {section.title}
              <HashLink id={section.id} label={section.title} />
            </h2>
            <p>
              {section.date ? `${section.date}: ` : ''}
              {section.changes.length ? `${section.changes.length} ${section.changes.length === 1 ? 'change' : 'changes'}, ${breaking} breaking.` : section.empty}
            </p>
            {section.releases?.length ? <Releases releases={section.releases} label={`Releases in this range (the package's CHANGELOG): ${section.releases.map((release) => release.version).join(', ')}`} /> : null}
            {changelogGroups(section).map((group) => (
              <section key={group.id}>
                <h3 id={group.id}>
                  {group.title}
                  <HashLink id={group.id} label={`${section.title}: ${group.title}`} />
                </h3>
                <GroupChanges id={group.id} title={`${section.title}: ${group.title}`} changes={group.changes} />
              </section>
            ))}
          </section>
        );
      })}
    </div>
  );
}
