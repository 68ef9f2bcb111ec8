import { useEffect, useRef } from 'react';
import type { ClientSiteData } from '../../src/shared/types.ts';
import { NavbarItem } from './NavbarItems.tsx';
import type { ShellState } from './state.ts';
import { navbarForRoute } from '../../src/shared/navbar.ts';

interface Props {
  site: ClientSiteData;
  route: string;
  shell: ShellState;
  /** The current area's sidebar markup, shown under the navbar links. */
  sidebarHtml?: string;
}

/** At the mobile breakpoint the navbar collapses into this panel; focus stays inside while open. */
export function MobileSidebar({ site, route, shell, sidebarHtml }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const open = shell.mobileSidebarOpen;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    // Without scrolling: the drawer has just been scrolled to the current page's link.
    panel.current?.querySelector<HTMLElement>('button, a[href]')?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') shell.setMobileSidebarOpen(false);
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => el.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <>
      <div className="mobile-backdrop" onClick={() => shell.setMobileSidebarOpen(false)} />
      <div className="mobile-sidebar" id="mobile-sidebar" role="dialog" aria-modal="true" aria-label="Navigation menu" ref={panel}>
        <div className="mobile-sidebar-header">
          <span className="navbar-title">{site.title}</span>
          <button type="button" className="mobile-sidebar-close" aria-label="Close navigation menu" onClick={() => shell.setMobileSidebarOpen(false)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ul className="mobile-navbar-items">
          {navbarForRoute(site.navbar, site.areas, route).filter((item) => item.kind !== 'search').map((item, index) => (
            <li key={index}>
              <NavbarItem item={item} currentRoute={route} />
            </li>
          ))}
        </ul>
        {sidebarHtml && <nav className="sidebar-nav" aria-label="Docs sidebar (mobile)" dangerouslySetInnerHTML={{ __html: sidebarHtml }} />}
      </div>
    </>
  );
}
