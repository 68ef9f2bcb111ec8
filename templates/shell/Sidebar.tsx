import type { SidebarItem } from '../../src/shared/types.ts';

interface SidebarProps {
  items: SidebarItem[];
  /** The page being shown: the categories that lead to it are open, the others closed. */
  activeRoute?: string;
  /**
   * Leave out the items of closed categories that have a page of their own. A page then carries
   * only the branch it sits in, not the whole area; the browser loads the full sidebar after
   * the page is shown, and readers without JavaScript reach those items through the category page.
   */
  lazy?: boolean;
}

/**
 * An area's sidebar as nested lists. Categories without a page of their own stay open: nothing
 * else leads to their items. The current link is marked afterwards (aria-current), on the server
 * and the client alike.
 */
export function Sidebar({ items, activeRoute, lazy = false }: SidebarProps) {
  return <ul className="sidebar-list">{renderItems(items, activeRoute, lazy)}</ul>;
}

/**
 * Items a list shows on a page's own (lazy) sidebar at most: a category of thousands of pages
 * would otherwise put all their links in each of them (2,000 siblings made 240 KB a page). The
 * page shows the items around its own; the full list arrives with the area's full sidebar.
 */
export const sidebarWindow = 100;

function renderItems(items: SidebarItem[], activeRoute: string | undefined, lazy: boolean) {
  if (!lazy || items.length <= sidebarWindow) return items.map((item, index) => renderItem(item, index, activeRoute, lazy));
  const active = activeRoute === undefined ? -1 : items.findIndex((item) => leadsTo(item, activeRoute));
  const start = Math.max(0, Math.min(active - sidebarWindow / 2, items.length - sidebarWindow));
  const end = start + sidebarWindow;
  const more = (count: number, key: string) => (
    <li className="sidebar-item sidebar-more" key={key} data-lazy="">
      {count === 1 ? '1 more page' : `${count.toLocaleString('en-US')} more pages`}
    </li>
  );
  return [
    ...(start > 0 ? [more(start, 'before')] : []),
    ...items.slice(start, end).map((item, offset) => renderItem(item, start + offset, activeRoute, lazy)),
    ...(end < items.length ? [more(items.length - end, 'after')] : []),
  ];
}

function renderItem(item: SidebarItem, index: number, activeRoute: string | undefined, lazy: boolean) {
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
  const open = !item.href || (activeRoute !== undefined && leadsTo(item, activeRoute));
  const omitted = lazy && !open;
  return (
    <li className="sidebar-item sidebar-category" key={index} data-lazy={omitted ? '' : undefined}>
      <div className="sidebar-category-row">
        {item.href ? (
          <a className="sidebar-link sidebar-category-link" href={item.href}>
            {item.label}
          </a>
        ) : (
          <span className="sidebar-category-label">{item.label}</span>
        )}
        <button type="button" className="sidebar-collapse" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${item.label}`} />
      </div>
      {!omitted && (
        <ul className="sidebar-list" hidden={!open}>
          {renderItems(item.items, activeRoute, lazy)}
        </ul>
      )}
    </li>
  );
}

/** Whether a category is, or holds, the page at `route`. */
function leadsTo(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((child) => leadsTo(child, route));
}
