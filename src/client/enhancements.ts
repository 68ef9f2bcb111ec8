// Small behaviours on server-rendered markup, by event delegation so they also work on
// content swapped in later: copy buttons, sidebar collapse, page actions, picture zoom, the
// "?" shortcut, the keyboard-focus marker and the licence form's email hand-off.

import { toggleCategory } from './sidebar.ts';
import { storage } from './storage.ts';
import { isTyping } from './typing.ts';

export function installEnhancements(): void {
  installTabs();
  document.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    // Click-time behaviours load on first use: the first paint needs none of their code.
    const copy = target.closest<HTMLButtonElement>('[data-copy-code]');
    if (copy) void import('./copy-code.ts').then((module) => module.copyCode(copy));
    const collapse = target.closest<HTMLButtonElement>('.sidebar-collapse');
    if (collapse) toggleCategory(collapse);
    const pageAction = target.closest<HTMLButtonElement>('.page-actions button');
    if (pageAction) void import('./page-actions.ts').then((module) => module.onPageActionClick(pageAction));
    // Pictures open enlarged from their zoom control, or from a click on the picture itself.
    const zoom = target.closest<HTMLElement>('[data-zoom]') ?? target.closest('.zoomable>img,.diagram>svg')?.parentElement?.querySelector<HTMLElement>('[data-zoom]');
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
    void import('./license-mail.ts').then((module) => module.mailLicenseRequest(form));
  });
}


const tabMemoryKey = (group: string) => `portal.tab.${group}`;

/** Shows one tab of its set (the ARIA tab pattern: selected, focusable, its panel shown). */
function selectTab(tab: HTMLElement, focus: boolean) {
  const list = tab.closest('[role="tablist"]');
  const tabs = [...(list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  if (focus) {
    tab.focus();
    // A row of many tabs scrolls sideways (samples in ten languages): keep the chosen one in view.
    tab.scrollIntoView({ inline: 'nearest', block: 'nearest' });
  }
}

/** Selects `value` in every tab set of `group` that has it; the others keep their default. */
function showTabValue(group: string, value: string) {
  for (const set of document.querySelectorAll<HTMLElement>('[data-tabs][data-tab-group]')) {
    if (set.dataset.tabGroup !== group) continue;
    const tab = [...set.querySelectorAll<HTMLElement>('[role="tab"][data-tab-value]')].find((candidate) => candidate.dataset.tabValue === value);
    if (tab && tab.closest('[data-tabs]') === set) selectTab(tab, false);
  }
}

/**
 * Tab sets of one group (`data-tab-group`, e.g. "code-language") share the reader's choice:
 * across the page at once, and on other pages and after reloads through localStorage
 * ("portal.tab.<group>"). Called on load and after each client-side page change.
 */
export function restoreTabChoices() {
  const groups = new Set([...document.querySelectorAll<HTMLElement>('[data-tabs][data-tab-group]')].map((set) => set.dataset.tabGroup!));
  for (const group of groups) {
    const value = storage.get(tabMemoryKey(group));
    if (value) showTabValue(group, value);
  }
}

/** The ARIA tab pattern for build-time tabs: click, arrows, Home and End; a choice is remembered by group. */
function installTabs() {
  const choose = (tab: HTMLElement, focus: boolean) => {
    selectTab(tab, focus);
    const group = tab.closest<HTMLElement>('[data-tabs]')?.dataset.tabGroup;
    const value = tab.dataset.tabValue;
    if (!group || value === undefined) return;
    storage.set(tabMemoryKey(group), value);
    showTabValue(group, value);
  };
  document.addEventListener('click', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (tab) choose(tab, false);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (!tab) return;
    const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = tabs.indexOf(tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(tabs[(next + tabs.length) % tabs.length], true);
  });
  restoreTabChoices();
  document.documentElement.setAttribute('data-tabs-ready', 'true');
}
