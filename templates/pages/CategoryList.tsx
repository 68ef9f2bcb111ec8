import type { CategoryEntry } from '../../src/shared/page-models.ts';

/** The children of a category as cards: title, optional badge and the description writers gave. */
export function CategoryList({ description, entries }: { description?: string; entries: CategoryEntry[] }) {
  return (
    <>
      {description && <p className="category-description">{description}</p>}
      <ul className="category-cards">
        {entries.map((entry) => (
          <li key={entry.href} className="category-card">
            <a href={entry.href}>
              <h2 className="category-card-title">
                {entry.badge && <span className={`method-badge method-${entry.badge.toLowerCase()}`}>{entry.badge}</span>}
                {entry.title}
              </h2>
              {entry.description && <p>{entry.description}</p>}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
