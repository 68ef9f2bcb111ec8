import { useEffect, useRef } from 'react';
import { Loadable } from '../../../templates/shell/Loadable.tsx';
import type { ClientSiteData } from '../../shared/types.ts';
import type { SearchDialogProps } from './SearchDialog.tsx';
import { isTyping } from '../typing.ts';

interface Props {
  site: ClientSiteData;
  open: boolean;
  setOpen: (open: boolean) => void;
  area?: string;
}

// Ctrl+K, ⌘+K and "/" open search from anywhere, except while the reader types in a field.

/**
 * Keyboard shortcuts, and the dialog loaded on first use: readers who never search download
 * none of its code, nor the index.
 */
export function SearchHost({ site, open, setOpen, area }: Props) {
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target));
      if (!shortcut || (event.key === '/' && open)) return;
      if (event.key.toLowerCase() === 'k' && open) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => {
    if (open) returnFocus.current = document.activeElement as HTMLElement | null;
    else if (returnFocus.current) {
      returnFocus.current.focus();
      returnFocus.current = null;
    }
  }, [open]);

  if (!open) return null;
  const areas = site.areas.map((entry) => ({ label: entry.label, href: entry.mainRoute }));
  const currentArea = site.areas.find((entry) => entry.id === area)?.label;
  return (
    <Loadable<SearchDialogProps>
      load={() => import('./SearchDialog.tsx').then((module) => module.SearchDialog)}
      props={{ onClose: () => setOpen(false), currentArea, areas }}
      delay={site.loaderDelay}
      label="Search"
    />
  );
}
