import type { SidebarItem } from '../../src/shared/types.ts';

/**
 * An area's sidebar as nested lists. Rendered once per area at build time and shared by its
 * pages; the current page is marked afterwards (aria-current), on the server and the client.
 */
export function Sidebar({ items }: { items: SidebarItem[] }) {
  return <ul className="sidebar-list">{items.map(renderItem)}</ul>;
}

function renderItem(item: SidebarItem, index: number) {
  if (item.type === 'link') {
    return (
      <li className="sidebar-item" key={index}>
        <a className="sidebar-link" href={item.href}>
          {item.badge && <span className={`sidebar-badge method-${item.badge.toLowerCase()}`}>{item.badge}</span>}
          {item.label}
        </a>
      </li>
    );
  }
  return (
    <li className="sidebar-item sidebar-category" key={index}>
      <div className="sidebar-category-row">
        {item.href ? (
          <a className="sidebar-link sidebar-category-link" href={item.href}>
            {item.label}
          </a>
        ) : (
          <span className="sidebar-category-label">{item.label}</span>
        )}
        <button type="button" className="sidebar-collapse" aria-expanded="true" aria-label={`Collapse ${item.label}`} />
      </div>
      <ul className="sidebar-list">{item.items.map(renderItem)}</ul>
    </li>
  );
}
