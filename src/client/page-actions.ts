// The page controls' behaviour (templates/shell/PageActions.tsx), by event delegation so it
// survives client-side navigation: the menu toggle, and copying the page's Markdown twin.

export function installPageActions(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const toggle = target.closest<HTMLButtonElement>('[data-page-actions-toggle]');
    if (toggle) setMenuOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    else closeMenus(target.closest('.page-actions-menu') ? undefined : target);
    const copy = target.closest<HTMLButtonElement>('[data-copy-page]');
    if (copy) void copyPage(copy);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const toggle = (event.target as Element).closest?.('.page-actions')?.querySelector<HTMLButtonElement>('[data-page-actions-toggle][aria-expanded="true"]');
    if (!toggle) return;
    setMenuOpen(toggle, false);
    toggle.focus();
  });
  // Tabbing out of the controls closes the menu, as a click elsewhere does.
  document.addEventListener('focusout', (event) => {
    const actions = (event.target as Element).closest?.('.page-actions');
    if (actions && !actions.contains(event.relatedTarget as Node | null)) closeMenus();
  });
}

function setMenuOpen(toggle: HTMLButtonElement, open: boolean) {
  toggle.setAttribute('aria-expanded', String(open));
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (menu) menu.hidden = !open;
}

/** Closes every open page-actions menu, except the one holding `inside`. */
function closeMenus(inside?: Element) {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('[data-page-actions-toggle][aria-expanded="true"]')) {
    if (!inside || !toggle.parentElement?.contains(inside)) setMenuOpen(toggle, false);
  }
}

async function copyPage(button: HTMLButtonElement) {
  const status = button.parentElement?.querySelector('[data-page-actions-status]');
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  say('');
  // The fetch starts inside the click, and the clipboard gets a promise of its text: Safari
  // only lets a page write what a click asked for, and the twin takes a request to arrive.
  const markdown = fetch(button.dataset.copyPage ?? '').then((response) => {
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
