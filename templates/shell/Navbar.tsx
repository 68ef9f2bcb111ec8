import { navbarForRoute } from '../../src/shared/navbar.ts';
import type { ClientSiteData } from '../../src/shared/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { NavbarItem } from './NavbarItems.tsx';
import type { ShellState } from './state.ts';

interface Props {
  site: ClientSiteData;
  route: string;
  shell: ShellState;
}

/** The top bar: logo and title, the areas on the left, the licence button and colour mode on the right. */
export function Navbar({ site, route, shell }: Props) {
  const navbar = navbarForRoute(site.navbar, site.areas, route);
  const left = navbar.filter((item) => item.position === 'left');
  const right = navbar.filter((item) => item.position === 'right');
  return (
    <nav className={`navbar${shell.navbarHidden ? ' navbar-hidden' : ''}`} aria-label="Main">
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-toggle"
          aria-label="Open navigation menu"
          aria-expanded={shell.mobileSidebarOpen}
          aria-controls="mobile-sidebar"
          onClick={() => shell.setMobileSidebarOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        <a className={`navbar-brand${site.logo.srcDark ? ' has-dark-logo' : ''}`} href="/">
          <img className="logo logo-light" src={`/${site.logo.src}`} alt="" width="32" height="32" />
          {site.logo.srcDark && <img className="logo logo-dark" src={`/${site.logo.srcDark}`} alt="" width="32" height="32" />}
          <span className="navbar-title">
            <span className="visually-hidden">{site.logo.alt} </span>
            {site.title}
          </span>
        </a>
        <ul className="navbar-items navbar-left">
          {left.map((item, index) => (
            <li key={index}>
              <NavbarItem item={item} currentRoute={route} onSearch={shell.openSearch} />
            </li>
          ))}
        </ul>
        <ul className="navbar-items navbar-right">
          {right.map((item, index) => (
            <li key={index}>
              <NavbarItem item={item} currentRoute={route} onSearch={shell.openSearch} />
            </li>
          ))}
          {!site.colorMode.disableSwitch && (
            <li>
              <ColorModeToggle mode={shell.colorMode} onChange={shell.setColorMode} />
            </li>
          )}
        </ul>
      </div>
    </nav>
  );
}
