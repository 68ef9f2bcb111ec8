// Marks the table-of-contents links of the section being read with aria-current, in every TOC
// of the page, and shows the tabs that follow that section. An IntersectionObserver does the geometry off the scroll path: no scroll
// listener, no layout reads, so scrolling never janks.

/**
 * The observed band runs from far above the page down to a line at 30 % of the viewport, so a
 * heading "intersects" exactly when it has scrolled above that line. Crossing the line either
 * way fires the observer, even on a jump, and the current section is the last such heading.
 */
const bandMargin = '100000px 0px -70% 0px';

export function watchCurrentSection(ids: string[]): () => void {
  const headings = ids.map((id) => document.getElementById(id)).filter((heading): heading is HTMLElement => heading !== null);
  if (headings.length === 0 || typeof IntersectionObserver === 'undefined') return () => {};
  const above = new Set<Element>();
  let current: string | undefined;
  const mark = (id: string | undefined) => {
    if (id === current) return;
    current = id;
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.toc-list a')) {
      if (link.getAttribute('href') === `#${id}`) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
    showFollower(id);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) above.add(entry.target);
        else above.delete(entry.target);
      }
      mark([...headings].reverse().find((heading) => above.has(heading) && !stuck(heading))?.id);
    },
    { rootMargin: bandMargin },
  );
  for (const heading of headings) observer.observe(heading);
  // The last sections of a page may never scroll up to the line: a click or focus in a section,
  // or on a link to it, shows its followers too.
  const onPick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A link to a section first; else the section the click is in (its "Example" link, say).
    if (!showFollower(target?.closest('a[href^="#"]')?.getAttribute('href')?.slice(1))) showFollower(target?.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby') ?? undefined);
  };
  document.addEventListener('click', onPick);
  document.addEventListener('focusin', onPick);
  return () => {
    document.removeEventListener('click', onPick);
    document.removeEventListener('focusin', onPick);
    observer.disconnect();
    mark(undefined);
  };
}

/**
 * Shows the tab that follows section `id` (an operation's example of the response being read),
 * through the tab's own click handling, as if the reader had chosen it; false if none does.
 */
function showFollower(id: string | undefined): boolean {
  const follower = id ? document.querySelector<HTMLElement>(`[role="tab"][data-follows-section="${CSS.escape(id)}"]`) : null;
  if (follower && follower.getAttribute('aria-selected') !== 'true') follower.click();
  return follower !== null;
}

/**
 * Whether a heading is in a column that stays in view (an operation's samples beside it, from
 * 1201 px): always above the line there, it is not what is being read.
 */
function stuck(heading: Element): boolean {
  const holder = heading.closest('[data-stays-in-view]');
  return holder !== null && getComputedStyle(holder).position === 'sticky';
}
