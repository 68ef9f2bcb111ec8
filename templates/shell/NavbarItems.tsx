import { useEffect, useRef, useState } from 'react';
import type { NavbarItemView } from '../../src/shared/types.ts';
import { Link } from './Link.tsx';
import { SearchButton } from './SearchButton.tsx';

/** One navbar entry of any configured type; a dropdown closes on outside click, focus or Escape. */
export function NavbarItem({ item, currentRoute, onSearch }: { item: NavbarItemView; currentRoute: string; onSearch?: () => void }) {
  if (item.kind === 'search') return <SearchButton onOpen={onSearch} />;
  if (item.kind === 'html') return <div className="navbar-html" dangerouslySetInnerHTML={{ __html: item.html }} />;
  if (item.kind === 'dropdown') return <Dropdown item={item} />;
  const active = !item.external && isActive(item.href, currentRoute);
  return (
    <Link
      href={item.href}
      external={item.external}
      className={['navbar-link', item.className, active ? 'active' : ''].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
    >
      {item.label}
    </Link>
  );
}

function Dropdown({ item }: { item: Extract<NavbarItemView, { kind: 'dropdown' }> }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('touchstart', closeOutside);
    document.addEventListener('focusin', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('touchstart', closeOutside);
      document.removeEventListener('focusin', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);
  return (
    <div className={`navbar-dropdown${open ? ' open' : ''}`} ref={root}>
      <button type="button" className="navbar-link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {item.label}
      </button>
      <ul className="dropdown-menu" hidden={!open}>
        {item.items.map((child) => (
          <li key={child.href}>
            <Link href={child.href} external={child.external}>
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A navbar link is active on its own route and on every route of its docs area. */
function isActive(href: string, route: string): boolean {
  const clean = href.replace(/\/$/, '') || '/';
  if (clean === route) return true;
  const area = /^\/docs\/[^/]+/.exec(clean)?.[0];
  return area !== undefined && route.startsWith(`${area}/`);
}
