// Sidebar categories open and close in the DOM. Pages arrive with only the branch that leads to
// them; the full sidebar, fetched once per visit, arrives with every category closed, so the
// branch of the page being shown is opened here after each render.

const categoryParts = (category: Element) => ({
  button: category.querySelector<HTMLButtonElement>(':scope > .sidebar-category-row > .sidebar-collapse'),
  list: category.querySelector<HTMLElement>(':scope > .sidebar-list'),
});

/** The collapse button says what it will do: "Collapse X" while open, "Expand X" while closed. */
function markButton(button: HTMLButtonElement, open: boolean): void {
  const label = button.getAttribute('aria-label')?.replace(/^(Collapse|Expand) /, '') ?? '';
  button.setAttribute('aria-expanded', String(open));
  button.setAttribute('aria-label', `${open ? 'Collapse' : 'Expand'} ${label}`);
}

/** Opens or closes a category at once (no animation). */
function setCategoryOpen(category: Element, open: boolean): void {
  const { button, list } = categoryParts(category);
  if (!button || !list) return;
  markButton(button, open);
  list.hidden = !open;
}

/** A reader's click on a collapse button: animated, for longer on taller lists, 1 ms with reduced motion. */
export function toggleCategory(button: HTMLButtonElement): void {
  const category = button.closest('.sidebar-category');
  const list = category && categoryParts(category).list;
  if (!list) {
    // The page came with this category's items left out: the shell loads the full sidebar.
    const href = category?.querySelector(':scope > .sidebar-category-row > .sidebar-category-link')?.getAttribute('href');
    if (href) document.dispatchEvent(new CustomEvent(lazyCategoryEvent, { detail: href }));
    return;
  }
  const expanded = button.getAttribute('aria-expanded') === 'true';
  markButton(button, !expanded);
  const height = list.scrollHeight;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const duration = reduced ? 1 : Math.round(Math.min(100 + (height / 36) * 10, 300));
  list.style.overflow = 'hidden';
  list.dataset.duration = String(duration);
  const frames = expanded ? [{ height: `${height}px` }, { height: '0px' }] : [{ height: '0px' }, { height: `${height}px` }];
  if (!expanded) list.hidden = false;
  const animation = list.animate(frames, { duration, easing: 'ease-in-out' });
  animation.onfinish = () => {
    list.hidden = expanded;
    list.style.overflow = '';
  };
}

/** Opens every category that holds the current page's link, in every sidebar on the page. */
export function openCurrentBranch(): void {
  for (const link of document.querySelectorAll('.sidebar-nav a[aria-current="page"]')) {
    for (let category = link.closest('.sidebar-category'); category; category = category.parentElement?.closest('.sidebar-category') ?? null) {
      setCategoryOpen(category, true);
    }
  }
}

/** Scrolls the phone drawer so the current page's link is in view (its branch is already open). */
export function revealCurrentInDrawer(): void {
  const drawer = document.getElementById('mobile-sidebar');
  const link = drawer?.querySelector('.sidebar-nav a[aria-current="page"]');
  if (!drawer || !link) return;
  // By hand, not scrollIntoView: only the drawer scrolls, never the page under it.
  const shown = drawer.getBoundingClientRect();
  const target = link.getBoundingClientRect();
  drawer.scrollTop += target.top - shown.top - (shown.height - target.height) / 2;
}

/** Opens the categories whose own page is `href` (the one a reader asked to open before the full sidebar arrived). */
export function openCategoryOf(href: string): void {
  for (const link of document.querySelectorAll(`.sidebar-nav .sidebar-category-link[href="${CSS.escape(href)}"]`)) {
    const category = link.closest('.sidebar-category');
    if (category) setCategoryOpen(category, true);
  }
}

/** The event a closed category without its items sends when a reader opens it. */
export const lazyCategoryEvent = 'portal:open-lazy-category';

/** Runs `work` when the browser is idle (soon after, where it has no idle callbacks); returns a cancel function. */
export function whenIdle(work: () => void): () => void {
  const idle = window as Window & { requestIdleCallback?: (callback: () => void) => number; cancelIdleCallback?: (handle: number) => void };
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(work);
    return () => idle.cancelIdleCallback!(handle);
  }
  const timer = window.setTimeout(work, 300);
  return () => window.clearTimeout(timer);
}

/**
 * Where keyboard focus is in a sidebar, in terms that survive replacing its markup: the link's
 * href, or the category a collapse button belongs to.
 */
export function rememberSidebarFocus(): (() => void) | undefined {
  const active = document.activeElement;
  const nav = active?.closest('.sidebar-nav');
  if (!active || !nav) return undefined;
  const navSelector = nav.closest('#mobile-sidebar') ? '#mobile-sidebar .sidebar-nav' : '.doc-sidebar .sidebar-nav';
  const row = active.closest('.sidebar-category-row');
  const href = (active.matches('.sidebar-collapse') ? row?.querySelector('.sidebar-category-link') : active)?.getAttribute('href');
  const label = row?.querySelector('.sidebar-category-label')?.textContent;
  const isButton = active.matches('.sidebar-collapse');
  return () => {
    const scope = document.querySelector(navSelector);
    if (!scope) return;
    let target: HTMLElement | null = null;
    if (href) {
      const link = scope.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`);
      target = isButton ? (link?.closest('.sidebar-category-row')?.querySelector<HTMLElement>('.sidebar-collapse') ?? null) : link;
    } else if (label) {
      const labelled = [...scope.querySelectorAll('.sidebar-category-label')].find((element) => element.textContent === label);
      target = labelled?.closest('.sidebar-category-row')?.querySelector<HTMLElement>('.sidebar-collapse') ?? null;
    }
    target?.focus();
  };
}
