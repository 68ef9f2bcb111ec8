// An image or diagram enlarged in a modal dialog, loaded on first use (src/client/enhancements.ts).
// The native <dialog> gives the focus trap, Escape and the backdrop; the picture is a copy, so
// the article underneath stays as it was.

/** Opens the picture that `button` (its zoom control) belongs to; focus returns to `button`. */
export function openZoom(button: HTMLElement): void {
  const source = button.parentElement?.querySelector(':scope > svg, :scope > img');
  if (!source) return;
  const name = (button.getAttribute('aria-label') ?? 'Enlarge image').replace(/^Enlarge/, 'Enlarged');

  const dialog = document.createElement('dialog');
  dialog.className = 'zoom-dialog';
  dialog.setAttribute('aria-label', name);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button zoom-close';
  close.textContent = 'Close';
  const stage = document.createElement('div');
  stage.className = 'zoom-stage';
  stage.tabIndex = 0; // a picture larger than the screen pans with the arrow keys too
  stage.append(copyOf(source, name.replace(/^Enlarged (image|diagram): ?/, '')));
  dialog.append(close, stage);

  // A click on the picture's surroundings or on Close dismisses it, as Escape does.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || event.target === stage || event.target === close) dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    button.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}

/** A copy without ids (they stay unique on the page), labelled by the picture's own description. */
function copyOf(source: Element, label: string): Element {
  const copy = source.cloneNode(true) as Element;
  for (const element of [copy, ...copy.querySelectorAll('[id]')]) element.removeAttribute('id');
  copy.removeAttribute('aria-labelledby');
  copy.removeAttribute('loading');
  if (copy instanceof HTMLImageElement) copy.alt = label;
  else copy.setAttribute('aria-label', label || 'Diagram');
  return copy;
}
