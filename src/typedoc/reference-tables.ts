import type { JSONOutput } from 'typedoc';
import { type CommentHtml, type CommentParts, type ReferenceTables, referenceKey, type VersionMark } from '../shared/package-reference.ts';

type ReferenceType = Extract<JSONOutput.SomeType, { type: 'reference' }>;

/** What the tables are made with: the package's links, its comments as Markdown parts, Markdown to HTML, its marks. */
export interface ReferenceTableMakers {
  resolve: (type: ReferenceType) => string | undefined;
  comment: (comment: JSONOutput.Comment) => CommentParts;
  /** Markdown (from doc comments) to sanitised HTML. */
  md: (markdown: string) => string;
  /** An @example (Markdown) to HTML, its code labelled with the check that ran on it, if any. */
  example: (markdown: string) => string;
  marks?: (symbol: string) => VersionMark[];
}

/** `Default: `3``: a one-line value inline, a longer one as its own block. */
const labelled = (label: string, markdown: string) => (markdown.startsWith('```') ? `**${label}**\n\n${markdown}` : `**${label}** ${markdown}`);

/** A comment's parts as the page shows them: each tag's Markdown labelled and drawn as HTML. */
export function commentHtml(text: CommentParts, make: Pick<ReferenceTableMakers, 'md' | 'example'>): CommentHtml {
  return {
    ...(text.deprecated ? { deprecated: make.md(text.deprecated) } : {}),
    ...(text.summary ? { summary: make.md(text.summary) } : {}),
    ...(text.remarks ? { remarks: make.md(text.remarks) } : {}),
    ...(text.defaultValue ? { defaultValue: make.md(labelled('Default:', text.defaultValue)) } : {}),
    ...(text.returns ? { returns: make.md(text.returns) } : {}),
    throws: text.throws.map((thrown) => make.md(labelled('Throws:', thrown))),
    ...(text.see.length ? { see: make.md(`**See also:**\n\n${text.see.map((entry) => `- ${entry}`).join('\n')}`) } : {}),
    other: text.other.map((tag) => make.md(labelled(`${tag.tag[0].toUpperCase()}${tag.tag.slice(1)}:`, tag.text))),
    examples: text.examples.map((example) => make.example(example)),
  };
}

/**
 * The tables of the declarations one page shows: every type reference and comment found in
 * them, however deep (signatures, parameters, inline object types), and the marks of `names`.
 * A destructured parameter's documented properties are comments too (`{ summary }`).
 */
export function referenceTables(declarations: JSONOutput.DeclarationReflection[], names: string[], make: ReferenceTableMakers): ReferenceTables {
  const tables: ReferenceTables = { links: {}, comments: {}, marks: {} };
  const addComment = (comment: JSONOutput.Comment) => {
    const key = referenceKey(comment);
    tables.comments[key] ??= commentHtml(make.comment(comment), make);
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    if (node.type === 'reference') {
      const reference = node as unknown as ReferenceType;
      const href = make.resolve(reference);
      if (href) tables.links[referenceKey(reference)] = href;
      for (const summary of Object.values(reference.highlightedProperties ?? {})) addComment({ summary });
    }
    if (node.comment && typeof node.comment === 'object') addComment(node.comment as JSONOutput.Comment);
    for (const [key, child] of Object.entries(node)) if (key !== 'comment') visit(child);
  };
  visit(declarations);
  for (const name of names) {
    const marks = make.marks?.(name) ?? [];
    if (marks.length) tables.marks[name] = marks;
  }
  return tables;
}
