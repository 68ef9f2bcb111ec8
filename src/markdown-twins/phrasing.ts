/** The types of mdast's phrasing content: what goes inside a paragraph, not beside it. */
export const phrasingTypes: ReadonlySet<string> = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'linkReference', 'image', 'imageReference', 'html', 'footnoteReference']);
