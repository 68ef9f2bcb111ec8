import type { NavLink } from '../../src/shared/types.ts';

/** Previous and next pages in the sidebar's reading order. */
export function Pagination({ previous, next }: { previous?: NavLink; next?: NavLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {previous ? (
        <a className="pagination-link pagination-previous" href={previous.route}>
          <span className="pagination-label">Previous</span>
          <span className="pagination-title">{previous.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-link pagination-next" href={next.route}>
          <span className="pagination-label">Next</span>
          <span className="pagination-title">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
