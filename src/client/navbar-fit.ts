// The navbar folds its links into the menu button when they would not fit on one row. Measured,
// not guessed from a breakpoint: the labels, an area's version menu, the font and the licence
// button decide the width the row needs, and they differ by site and by page.

const foldedAttribute = 'data-navbar-folded';

/**
 * Unfolds the navbar, measures whether its row overflows, and folds it again if so, all in one
 * task: the browser never paints the unfolded row that did not fit.
 */
export function fitNavbar(): void {
  const row = document.querySelector<HTMLElement>('.navbar-inner');
  if (!row) return;
  const root = document.documentElement;
  root.removeAttribute(foldedAttribute);
  if (row.scrollWidth > row.clientWidth) root.setAttribute(foldedAttribute, '');
}

/** Fits the navbar now and whenever the window's width or the fonts change. */
export function installNavbarFit(): void {
  fitNavbar();
  let width = window.innerWidth;
  window.addEventListener('resize', () => {
    if (window.innerWidth === width) return; // a phone's toolbar showing or hiding changes only the height
    width = window.innerWidth;
    fitNavbar();
  });
  void document.fonts?.ready.then(fitNavbar);
}
