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
  /** A legacy alias Docusaurus still accepts but no longer documents: accepted, never suggested. */
  legacy?: true;
}

// Docusaurus's own kinds; `caution` and `important` are drawn like a close kind under their own
// label, as are its legacy aliases `success` (a tip) and `secondary` (a note), under the title
// Docusaurus gives them.
export const admonitionKinds: Readonly<Record<string, AdmonitionKind>> = {
  note: { style: 'note', label: 'Note' },
  tip: { style: 'tip', label: 'Tip' },
  info: { style: 'info', label: 'Info' },
  warning: { style: 'warning', label: 'Warning' },
  danger: { style: 'danger', label: 'Danger' },
  caution: { style: 'warning', label: 'Caution' },
  important: { style: 'info', label: 'Important' },
  success: { style: 'tip', label: 'Success', legacy: true },
  secondary: { style: 'note', label: 'Secondary', legacy: true },
};

/** The kinds a writer may name in `:::kind` (Docusaurus accepts the same names). */
export const admonitionDirectives = Object.keys(admonitionKinds);

/** The kinds a message suggests, in this order: the documented ones. */
export const suggestedAdmonitions = admonitionDirectives.filter((name) => !admonitionKinds[name].legacy);

/** A kind's style and label; an unknown name is drawn and labelled as a note. */
export function admonitionOf(name: string | undefined): AdmonitionKind {
  return admonitionKinds[name ?? 'note'] ?? admonitionKinds.note;
}
