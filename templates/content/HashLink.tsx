/**
 * The "#" link at the end of a heading, for readers to copy a deep link: the same markup, in the
 * same attribute order, as the Markdown pipeline gives guide headings
 * (`src/markdown/plugins/heading-anchors.ts`), so search indexing leaves both out alike. It is no
 * text of the page (`data-markdown-ignore`): the twin has none, and the twin checks skip it.
 */
export function HashLink({ id, label }: { id: string; label: string }) {
  return (
    <a href={`#${id}`} className="hash-link" aria-label={`Direct link to ${label}`} data-markdown-ignore="">
      #
    </a>
  );
}
