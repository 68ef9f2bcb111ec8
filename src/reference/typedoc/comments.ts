import type { JSONOutput } from 'typedoc';

export interface CommentText {
  summary?: string;
  deprecated?: string;
  examples: string[];
  returns?: string;
  remarks?: string;
  since?: string;
}

/** A TypeDoc comment as Markdown strings: `{@link X}` becomes a link when `link` resolves it. */
export function commentText(comment: JSONOutput.Comment | undefined, link: (target: unknown, text: string) => string | undefined): CommentText {
  const toMarkdown = (parts: JSONOutput.CommentDisplayPart[]) =>
    parts
      .map((part) => {
        if (part.kind === 'inline-tag') {
          const text = part.text.trim();
          const href = link(part.target, text);
          return href ? `[\`${text}\`](${href})` : `\`${text}\``;
        }
        return part.text;
      })
      .join('')
      .trim();
  const result: CommentText = { examples: [] };
  if (!comment) return result;
  if (comment.summary.length) result.summary = toMarkdown(comment.summary);
  for (const tag of comment.blockTags ?? []) {
    const text = toMarkdown(tag.content);
    if (tag.tag === '@deprecated') result.deprecated = text || 'Deprecated.';
    else if (tag.tag === '@example') result.examples.push(/```/.test(text) ? text : `\`\`\`ts\n${text}\n\`\`\``);
    else if (tag.tag === '@returns') result.returns = text;
    else if (tag.tag === '@remarks') result.remarks = text;
    else if (tag.tag === '@since') result.since = text;
  }
  if (comment.modifierTags?.includes('@deprecated') && !result.deprecated) result.deprecated = 'Deprecated.';
  return result;
}
