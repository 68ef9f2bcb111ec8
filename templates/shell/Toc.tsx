import type { TocEntry } from '../../src/shared/types.ts';

/** "On this page": the page's h2..h5 as a nested list of links. */
export function Toc({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  const minDepth = Math.min(...entries.map((entry) => entry.depth));
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 className="toc-heading" id="toc-heading">
        On this page
      </h2>
      <ul className="toc-list">
        {entries.map((entry) => (
          <li key={entry.id} className={`toc-item toc-depth-${entry.depth - minDepth}`}>
            <a href={`#${entry.id}`}>{entry.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
