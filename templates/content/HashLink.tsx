/**
 * The "#" link at the end of a heading, for readers to copy a deep link: the same markup, in the
 * same attribute order, as the Markdown pipeline gives guide headings
 * (`src/markdown/plugins/heading-anchors.ts`), so search indexing leaves both out alike.
 */
export function HashLink({ id, label }: { id: string; label: string }) {
  return (
    <a href={`#${id}`} className="hash-link" aria-label={`Direct link to ${label}`}>
      #
    </a>
  );
}
