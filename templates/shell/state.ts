import type { ColorMode } from './ColorModeToggle.tsx';

/**
 * What the shell shows that depends on the reader (colour mode, dismissed bar, open menu).
 * The server renders the defaults; the client runtime owns the real values and passes them in,
 * so templates never touch storage or `window`.
 */
export interface ShellState {
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  announcementDismissed: boolean;
  dismissAnnouncement: () => void;
  mobileSidebarOpen: boolean;
  setMobileSidebarOpen: (open: boolean) => void;
  navbarHidden: boolean;
  /** Opens the search dialog (client only). */
  openSearch?: () => void;
}

export function serverShellState(defaultMode: ColorMode): ShellState {
  const ignore = () => {};
  return {
    colorMode: defaultMode,
    setColorMode: ignore,
    announcementDismissed: false,
    dismissAnnouncement: ignore,
    mobileSidebarOpen: false,
    setMobileSidebarOpen: ignore,
    navbarHidden: false,
  };
}
