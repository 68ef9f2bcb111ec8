// The one table of admonition kinds: the Markdown plugin, the <Admonition> component of
// Docusaurus content, the page's template and the Markdown twin all read it, so a page and its
// twin can never call the same block by two names.

/** The five kinds drawn with their own colour and icon. */
export type AdmonitionStyle = 'note' | 'tip' | 'info' | 'warning' | 'danger';

interface AdmonitionKind {
  /** The colour and icon it is drawn with. */
  style: AdmonitionStyle;
  /** What a reader (and an assistant reading the twin) is told it is. */
  label: string;
  /** False: only Docusaurus's <Admonition type="…"> component knows it, not `:::name`. */
  directive?: false;
}

// Docusaurus's own kinds; `caution` and `important` are drawn like a close kind under their own
// label, `success` and `secondary` come from its <Admonition type="…"> component.
export const admonitionKinds: Readonly<Record<string, AdmonitionKind>> = {
  note: { style: 'note', label: 'Note' },
  tip: { style: 'tip', label: 'Tip' },
  info: { style: 'info', label: 'Info' },
  warning: { style: 'warning', label: 'Warning' },
  danger: { style: 'danger', label: 'Danger' },
  caution: { style: 'warning', label: 'Caution' },
  important: { style: 'info', label: 'Important' },
  success: { style: 'tip', label: 'Success', directive: false },
  secondary: { style: 'note', label: 'Note', directive: false },
};

/** The kinds a writer may name in `:::kind`, in the order messages list them. */
export const admonitionDirectives = Object.keys(admonitionKinds).filter((name) => admonitionKinds[name].directive !== false);

/** A kind's style and label; an unknown name is drawn and labelled as a note. */
export function admonitionOf(name: string | undefined): AdmonitionKind {
  return admonitionKinds[name ?? 'note'] ?? admonitionKinds.note;
}
