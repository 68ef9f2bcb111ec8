import { useCallback, useEffect, useState } from 'react';
import type { ColorMode } from '../../templates/shell/ColorModeToggle.tsx';
import type { ShellState } from '../../templates/shell/state.ts';
import type { ClientSiteData } from '../shared/types.ts';
import { storage } from './storage.ts';

const themeKey = 'theme';
const dismissKey = 'announcement.dismiss';
const dismissIdKey = 'announcement.id';

/** The reader-dependent shell state, kept in storage and in sync across tabs. */
export function useShellState(site: ClientSiteData): ShellState {
  // Start from what the server rendered so hydration matches; the head script already set the theme attribute.
  const [colorMode, setMode] = useState<ColorMode>(site.colorMode.defaultMode);
  const [announcementDismissed, setDismissed] = useState(false);
  const [mobileSidebarOpen, setMobileSidebarOpen] = useState(false);
  const [navbarHidden, setNavbarHidden] = useState(false);

  useEffect(() => {
    const stored = storage.get(themeKey);
    if (stored === 'light' || stored === 'dark') setMode(stored);
    // No choice stored: the head script may have followed the system; the toggle shows that.
    else setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    const bar = site.announcementBar;
    if (bar) setDismissed(storage.get(dismissIdKey) === bar.id && storage.get(dismissKey) === 'true');
    const onStorage = (event: StorageEvent) => {
      if (event.key === themeKey && (event.newValue === 'light' || event.newValue === 'dark')) {
        document.documentElement.setAttribute('data-theme', event.newValue);
        setMode(event.newValue);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setColorMode = useCallback((mode: ColorMode) => {
    document.documentElement.setAttribute('data-theme', mode);
    storage.set(themeKey, mode);
    setMode(mode);
  }, []);

  const dismissAnnouncement = useCallback(() => {
    if (!site.announcementBar) return;
    storage.set(dismissIdKey, site.announcementBar.id);
    storage.set(dismissKey, 'true');
    document.documentElement.setAttribute('data-announcement-dismissed', 'true');
    setDismissed(true);
  }, []);

  // The mobile menu closes on back navigation and whenever the window grows past the breakpoint.
  useEffect(() => {
    if (!mobileSidebarOpen) return;
    const query = window.matchMedia(`(min-width: ${site.breakpoint + 1}px)`);
    const close = () => setMobileSidebarOpen(false);
    const onResize = () => query.matches && close();
    query.addEventListener('change', onResize);
    window.addEventListener('popstate', close);
    return () => {
      query.removeEventListener('change', onResize);
      window.removeEventListener('popstate', close);
    };
  }, [mobileSidebarOpen]);

  // Hide-on-scroll, only when the config turns it on.
  useEffect(() => {
    if (!site.hideOnScroll) return;
    let last = window.scrollY;
    // A jump to a hash target is a scroll the reader did not make: keep the navbar shown.
    let jumpUntil = 0;
    const onScroll = () => {
      const y = window.scrollY;
      if (performance.now() < jumpUntil) setNavbarHidden(false);
      else setNavbarHidden(y > last && y > 60);
      last = y;
    };
    const onHash = () => {
      jumpUntil = performance.now() + 400;
      setNavbarHidden(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    window.addEventListener('portal:hash-navigation', onHash);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('portal:hash-navigation', onHash);
    };
  }, []);

  return { colorMode, setColorMode, announcementDismissed, dismissAnnouncement, mobileSidebarOpen, setMobileSidebarOpen, navbarHidden };
}
