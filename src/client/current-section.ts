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
    // A tab that follows this section (an operation's example of the response being read) is
    // shown, through the tab's own click handling, as if the reader had chosen it.
    const follower = id ? document.querySelector<HTMLElement>(`[role="tab"][data-follows-section="${CSS.escape(id)}"]`) : null;
    if (follower && follower.getAttribute('aria-selected') !== 'true') follower.click();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) above.add(entry.target);
        else above.delete(entry.target);
      }
      mark([...headings].reverse().find((heading) => above.has(heading))?.id);
    },
    { rootMargin: bandMargin },
  );
  for (const heading of headings) observer.observe(heading);
  return () => {
    observer.disconnect();
    mark(undefined);
  };
}
