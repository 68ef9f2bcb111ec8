import type { Breadcrumb } from '../../src/shared/types.ts';

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href="/" aria-label="Home page">
            Home
          </a>
        </li>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={index} aria-current="page">
              <span>{item.label}</span>
            </li>
          ) : (
            <li key={index}>{item.route ? <a href={item.route}>{item.label}</a> : <span>{item.label}</span>}</li>
          ),
        )}
      </ol>
    </nav>
  );
}
