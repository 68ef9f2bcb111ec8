// The page controls' behaviour (templates/shell/PageActions.tsx), loaded on the first click on
// them (src/client/enhancements.ts): the menu, and copying the page's Markdown twin.

import { markdownTwinOf } from '../shared/markdown-twin.ts';

/**
 * The page's twin on this site and on the production site. The canonical link holds the page's
 * production URL (the config's `url` and the route; the router updates it on navigation).
 */
function twinOfPage(): { path: string; url: string } {
  const canonical = new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href);
  return { path: markdownTwinOf(canonical.pathname), url: markdownTwinOf(canonical.href.replace(/[?#].*$/, '')) };
}

let installed = false;

/** Handles a click on one of the controls' buttons. */
export function onPageActionClick(button: HTMLButtonElement): void {
  installOnce();
  const actions = button.closest<HTMLElement>('.page-actions');
  if (!actions) return;
  if (button.hasAttribute('data-page-actions-toggle')) setMenuOpen(actions, button.getAttribute('aria-expanded') !== 'true');
  else if (button.hasAttribute('data-copy-page')) void copyPage(actions, button);
}

// Escape, a click elsewhere or tabbing away closes an open menu; only ever needed once one opened.
function installOnce() {
  if (installed) return;
  installed = true;
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    for (const actions of document.querySelectorAll<HTMLElement>('.page-actions')) {
      if (!actions.contains(target) || target.closest('.page-actions-menu')) setMenuOpen(actions, false);
    }
  });
  document.addEventListener('keydown', (event) => {
    const actions = (event.target as Element).closest?.<HTMLElement>('.page-actions');
    const toggle = actions?.querySelector<HTMLButtonElement>('[data-page-actions-toggle]');
    if (event.key !== 'Escape' || !actions || toggle?.getAttribute('aria-expanded') !== 'true') return;
    setMenuOpen(actions, false);
    toggle.focus();
  });
  document.addEventListener('focusout', (event) => {
    const actions = (event.target as Element).closest?.<HTMLElement>('.page-actions');
    if (actions && !actions.contains(event.relatedTarget as Node | null)) setMenuOpen(actions, false);
  });
}

function setMenuOpen(actions: HTMLElement, open: boolean) {
  const toggle = actions.querySelector('[data-page-actions-toggle]');
  const menu = actions.querySelector<HTMLElement>('.page-actions-menu');
  if (!toggle || !menu) return;
  if (open) fillMenu(actions, menu);
  toggle.setAttribute('aria-expanded', String(open));
  menu.hidden = !open;
}

/** The menu's links, for the page on screen (client-side navigation keeps the element). */
function fillMenu(actions: HTMLElement, menu: HTMLElement) {
  const twin = twinOfPage();
  const title = actions.closest('.doc-header')?.querySelector('h1')?.textContent ?? document.title;
  // The twin to read now, and the line that gives the assistant the whole site (search and pages) over MCP.
  const prompt = encodeURIComponent(
    `Read ${twin.url} (the Markdown of "${title}" from the Pexip developer docs) so I can ask questions about it. ` +
      `To search the rest of these docs from a coding assistant, add their MCP server with the command that ${new URL('/llms.txt', twin.url).href} gives under "Add to your assistant".`,
  );
  const links: [string, string, boolean][] = [
    ['View as Markdown', twin.path, false],
    ['Open in ChatGPT', `https://chatgpt.com/?hints=search&q=${prompt}`, true],
    ['Open in Claude', `https://claude.ai/new?q=${prompt}`, true],
  ];
  menu.replaceChildren(
    ...links.map(([label, href, newTab]) => {
      const item = document.createElement('li');
      const link = item.appendChild(document.createElement('a'));
      link.href = href;
      link.textContent = label;
      if (newTab) {
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
        const note = link.appendChild(document.createElement('span'));
        note.className = 'visually-hidden';
        note.textContent = ' (opens in a new tab)';
      }
      return item;
    }),
  );
}

async function copyPage(actions: HTMLElement, button: HTMLButtonElement) {
  const status = actions.querySelector('[data-page-actions-status]');
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  say('');
  // The fetch starts inside the click, and the clipboard gets a promise of its text: Safari
  // only lets a page write what a click asked for, and the twin takes a request to arrive.
  const markdown = fetch(twinOfPage().path).then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.text();
  });
  try {
    if (typeof ClipboardItem === 'function') {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': markdown.then((text) => new Blob([text], { type: 'text/plain' })) })]);
    } else await navigator.clipboard.writeText(await markdown);
    button.textContent = 'Copied';
    say('Page copied as Markdown');
  } catch {
    button.textContent = 'Copy failed';
    say('The page could not be copied. Choose "View as Markdown" in the page actions and copy it from there.');
  }
  setTimeout(() => (button.textContent = 'Copy page'), 2000);
}
