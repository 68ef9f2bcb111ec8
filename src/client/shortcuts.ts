// The keyboard-shortcuts dialog that "?" opens, loaded on first use (src/client/enhancements.ts).

const shortcuts: [keys: string[][], what: string][] = [
  [[['Ctrl', 'K'], ['⌘', 'K'], ['/']], 'Open search'],
  [[['?']], 'Show these shortcuts'],
  [[['Esc']], 'Close a dialog, menu or search'],
  [[['↑'], ['↓']], 'Move through search results'],
  [[['Enter']], 'Open the chosen search result'],
  [[['←'], ['→'], ['Home'], ['End']], 'Switch tabs, such as code sample languages, once a tab has focus'],
  [[['Tab'], ['Shift', 'Tab']], 'Move to the next or previous link or control'],
];

/** Opens the dialog (once: a second "?" while it is open does nothing); focus returns where it was. */
export function openShortcuts(): void {
  if (document.querySelector('.shortcuts-dialog')) return;
  const returnTo = document.activeElement as HTMLElement | null;
  const dialog = document.createElement('dialog');
  dialog.className = 'shortcuts-dialog';
  dialog.setAttribute('aria-labelledby', 'shortcuts-title');
  const title = element('h2', 'Keyboard shortcuts');
  title.id = 'shortcuts-title';
  const list = element('dl', '');
  list.className = 'shortcuts-list';
  for (const [keys, what] of shortcuts) {
    const term = element('dt', '');
    keys.forEach((combination, index) => {
      if (index > 0) term.append(' or ');
      combination.forEach((key, part) => {
        if (part > 0) term.append('+');
        term.append(element('kbd', key));
      });
    });
    list.append(term, element('dd', what));
  }
  const close = element('button', 'Close');
  close.setAttribute('type', 'button');
  close.className = 'button';
  close.addEventListener('click', () => dialog.close());
  dialog.append(title, list, close);
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close());
  dialog.addEventListener('close', () => {
    dialog.remove();
    returnTo?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}

function element(tag: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}
