import type { TocEntry } from '../../src/shared/types.ts';

/** "On this page" beside the article (wide screens): the page's h2..h5 as a nested list of links. */
export function Toc({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 className="toc-heading" id="toc-heading">
        On this page
      </h2>
      <TocList entries={entries} />
    </nav>
  );
}

/**
 * "On this page" under the title, where the side column is hidden (below 1201 px): a native
 * disclosure, so it opens and closes from the keyboard and without JavaScript.
 */
export function TocDisclosure({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="toc-disclosure">
      <summary className="toc-disclosure-summary">On this page</summary>
      <nav aria-label="On this page">
        <TocList entries={entries} />
      </nav>
    </details>
  );
}

function TocList({ entries }: { entries: TocEntry[] }) {
  const minDepth = Math.min(...entries.map((entry) => entry.depth));
  return (
    <ul className="toc-list">
      {entries.map((entry) => (
        <li key={entry.id} className={`toc-item toc-depth-${entry.depth - minDepth}`}>
          <a href={`#${entry.id}`}>{entry.text}</a>
        </li>
      ))}
    </ul>
  );
}
