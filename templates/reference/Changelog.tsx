import { HashLink } from '../content/HashLink.tsx';
import { CodeSpans } from '../content/CodeSpans.tsx';
import { type ChangeView, type ChangelogSectionView, type ChangelogView, type ReleaseView, causeClusters, changelogGroups, firstVersionId, firstVersionTitle, proofAnchors, releasesLabel, sectionSummary } from '../../src/shared/changelog-view.ts';

const causeTitle = (cause: string[]) => cause.map((type, index) => (
  <span key={type}>
    {index ? (index === cause.length - 1 ? ' and ' : ', ') : ''}
    <code>{type}</code>
  </span>
));

/** A group's entries: the clusters of a shared cause under their own headings, then the others. */
function GroupChanges({ id, title, changes, proofs }: { id: string; title: string; changes: ChangeView[]; proofs: boolean }) {
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
              <Change key={index} change={change} proof={proofs} />
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
              <Change key={index} change={change} proof={proofs} />
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

/** A probe and what the compiler says of it. */
const Proof = ({ proof }: { proof: NonNullable<ChangeView['proof']> }) => (
  <>
    <Code label="Probe" texts={[proof.code]} />
    {proof.message ? <pre className="changelog-compiler">{proof.message}</pre> : null}
  </>
);

function Change({ change, proof }: { change: ChangeView; proof: boolean }) {
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
      {change.proof && proof ? (
        // The proofs would take a long changelog's twin past what an assistant reads whole: the
        // twin keeps the compiler's verdict (the note), the page the probe.
        <details className="changelog-proof" data-markdown-ignore="">
          <summary>{change.proof.summary}</summary>
          <Proof proof={change.proof} />
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
          {view.history?.length ? <Releases releases={view.history} label={releasesLabel(view.history, 'history')} /> : null}
          {view.later && (
            <p>
              A later version, {view.later.version}, is documented in another area of this site: <a href={view.later.href}>its changelog</a> lists what changed since this one.
            </p>
          )}
        </section>
      ) : null}
      {view.sections.map((section) => {
        return (
          <section key={section.id}>
            <h2 id={section.id}>
              {section.title}
              <HashLink id={section.id} label={section.title} />
            </h2>
            <p>{sectionSummary(section)}</p>
            {section.releases?.length ? <Releases releases={section.releases} label={releasesLabel(section.releases, 'range')} /> : null}
            {section.proofsHref ? (
              // On a page of their own, the proofs leave the changelog short enough to read whole.
              <p>
                The code that proves each change, and what the compiler says of it against {section.title.split(' → ').at(-1)}: <a href={section.proofsHref}>the proofs of {section.title}</a>.
              </p>
            ) : null}
            {changelogGroups(section).map((group) => (
              <section key={group.id}>
                <h3 id={group.id}>
                  {group.title}
                  <HashLink id={group.id} label={`${section.title}: ${group.title}`} />
                </h3>
                <GroupChanges id={group.id} title={`${section.title}: ${group.title}`} changes={group.changes} proofs={!section.proofsHref} />
              </section>
            ))}
          </section>
        );
      })}
    </div>
  );
}

/**
 * The proofs of one section of a changelog, by group. Entries that changed through the same types
 * show one probe for all of them (each was decided by its own, as the changelog's model keeps):
 * the others fail, or compile, the same way.
 */
export function ChangelogProofs({ section, changelogHref }: { section: ChangelogSectionView; changelogHref: string }) {
  const anchors = proofAnchors(section);
  const back = (change: ChangeView) => (
    <a href={`${changelogHref}#${section.id}`}>
      <code>{change.name}</code>
    </a>
  );
  return (
    <div className="reference changelog">
      <p>
        Each entry of <a href={`${changelogHref}#${section.id}`}>{section.title}</a> with the code that proves it: a few lines written for the earlier version, and what the TypeScript compiler says of them against the later one.
      </p>
      {changelogGroups(section).map((group) => {
        const { clusters, rest } = causeClusters(group.id, group.changes.filter((change) => change.proof));
        if (!clusters.length && !rest.length) return null;
        return (
          <section key={group.id}>
            <h2 id={group.id}>
              {group.title}
              <HashLink id={group.id} label={group.title} />
            </h2>
            {clusters.map((cluster) => (
              <section key={cluster.id}>
                <h3 id={cluster.id}>
                  Through {causeTitle(cluster.cause)}: {cluster.changes.length} entries
                  <HashLink id={cluster.id} label={`${group.title}: through ${cluster.cause.join(' and ')}`} />
                </h3>
                <p>
                  Every entry below changed through the same types, and its own probe {group.id.endsWith('-breaking') ? 'fails' : 'compiles'} the same way. The probe of <code>{cluster.changes[0].name}</code>:
                </p>
                <p className="api-example-label">{cluster.changes[0].proof!.summary}</p>
                <Proof proof={cluster.changes[0].proof!} />
                <ul className="changelog-list">
                  {cluster.changes.map((change) => (
                    <li key={anchors.get(change)} id={anchors.get(change)}>
                      {back(change)}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {rest.map((change) => (
              <section key={anchors.get(change)}>
                <h3 id={anchors.get(change)}>
                  <code>{change.name}</code>
                  <HashLink id={anchors.get(change)!} label={change.name} />
                </h3>
                <p className="api-example-label">{change.proof!.summary}</p>
                <Proof proof={change.proof!} />
              </section>
            ))}
          </section>
        );
      })}
    </div>
  );
}
