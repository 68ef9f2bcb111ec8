// Small behaviours on server-rendered markup, by event delegation so they also work on
// content swapped in later: copy buttons, sidebar collapse, the keyboard-focus marker and
// the licence form's email hand-off.

import { toggleCategory } from './sidebar.ts';
import { isTyping } from './typing.ts';

export function installEnhancements(): void {
  installTabs();
  document.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const copy = target.closest<HTMLButtonElement>('[data-copy-code]');
    if (copy) copyCode(copy);
    const collapse = target.closest<HTMLButtonElement>('.sidebar-collapse');
    if (collapse) toggleCategory(collapse);
    // Pictures open enlarged from their zoom control, or from a click on the picture itself.
    const zoom = target.closest<HTMLElement>('[data-zoom]') ?? target.closest('.zoomable > img, figure.diagram > svg')?.parentElement?.querySelector<HTMLElement>(':scope > [data-zoom]');
    if (zoom) void import('./zoom.ts').then((module) => module.openZoom(zoom));
    // On a phone the open list would push the chosen section down: fold it once a link is chosen.
    const disclosure = target.closest('.toc-disclosure a')?.closest('details');
    if (disclosure) disclosure.open = false;
  });

  // Focus rings only for keyboard users.
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') document.documentElement.classList.add('keyboard-navigation');
    // "?" lists the keyboard shortcuts (not while typing, nor over an open dialog).
    if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target) && !document.querySelector('dialog[open], [aria-modal="true"]')) {
      event.preventDefault();
      void import('./shortcuts.ts').then((module) => module.openShortcuts());
    }
  });
  document.addEventListener('mousedown', () => document.documentElement.classList.remove('keyboard-navigation'));

  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches('[data-license-form]') || !form.action.startsWith('mailto:')) return;
    event.preventDefault();
    const data = new FormData(form);
    const lines = [...data.entries()].map(([key, value]) => `${key}: ${String(value)}`);
    const address = form.getAttribute('action') ?? '';
    window.location.href = `${address}?subject=${encodeURIComponent('Developer license request')}&body=${encodeURIComponent(lines.join('\n'))}`;
  });
}

async function copyCode(button: HTMLButtonElement) {
  const code = button.closest('.code-block')?.querySelector('pre')?.innerText ?? '';
  try {
    await navigator.clipboard.writeText(code);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Press Ctrl+C';
    const range = document.createRange();
    range.selectNodeContents(button.closest('.code-block')!.querySelector('pre')!);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }
  setTimeout(() => (button.textContent = 'Copy'), 2000);
}

/** The ARIA tab pattern for build-time tabs: click, arrows, Home and End. */
function installTabs() {
  const select = (tab: HTMLElement, focus: boolean) => {
    const list = tab.closest('[role="tablist"]');
    const tabs = [...(list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
  };
  document.addEventListener('click', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (tab) select(tab, false);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (!tab) return;
    const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = tabs.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length], true);
  });
  document.documentElement.setAttribute('data-tabs-ready', 'true');
}
