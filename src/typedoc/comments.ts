import type { JSONOutput } from 'typedoc';
import type { CommentParts } from '../shared/package-reference.ts';
import { webUrl } from './url-link-labels.ts';

/** A comment as the reference pages show it: one Markdown field per tag. */
export type CommentText = CommentParts;

/** The tag a `@param` naming no parameter of its signature is kept as, with its `name` (unmatched-params.ts). */
export const unmatchedParamTag = '@paramUnmatched';

/** Turns a comment target (`{@link X}`, or a bare name after `@see`) into an href, or undefined. */
export type CommentLink = (target: unknown, text: string) => string | undefined;

// Tags the conversion consumes or that carry no text for readers (TypeDoc hides @privateRemarks).
const consumedTags = new Set(['@privateRemarks', '@category', '@group', '@inheritDoc', '@typeParam', '@template', '@param']);

/** A one-line fenced block TypeDoc makes of `@defaultValue 3` as inline code; anything else as it is. */
function defaultText(text: string): string {
  const fenced = /^```\w*\n(.*)\n```$/.exec(text);
  if (fenced && !fenced[1].includes('`')) return `\`${fenced[1]}\``;
  return /\n/.test(text) || /^`/.test(text) ? text : `\`${text}\``;
}

/**
 * The references of a `@see` tag: TypeDoc merges several into one list (` - a\n - b`). A bare
 * name the package documents links to its page, a bare URL becomes a link.
 */
function seeEntries(text: string, link: CommentLink): string[] {
  return text
    .split(/\n\s*-\s+|^\s*-\s+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(entry)) {
        const href = link(undefined, entry);
        return href ? `[\`${entry}\`](${href})` : `\`${entry}\``;
      }
      return entry.replace(/(?<![(<[])\bhttps?:\/\/[^\s<>)\]]+/g, (url) => `<${url}>`);
    });
}

/** `{@link https://… | label}` as a Markdown link showing its label (url-link-labels.ts splits `url|label`). */
const urlLink = (url: string, label: string) => `[${label.replace(/[[\]\\]/g, '\\$&')}](<${url.replace(/[<>]/g, encodeURIComponent)}>)`;

/** A TypeDoc comment as Markdown strings: `{@link X}` becomes a link when `link` resolves it. */
export function commentText(comment: JSONOutput.Comment | undefined, link: CommentLink): CommentText {
  const toMarkdown = (parts: JSONOutput.CommentDisplayPart[]) =>
    parts
      .map((part) => {
        if (part.kind === 'inline-tag') {
          const text = part.text.trim();
          if (typeof part.target === 'string' && webUrl.test(part.target)) return urlLink(part.target, text);
          const href = link(part.target, text);
          return href ? `[\`${text}\`](${href})` : `\`${text}\``;
        }
        return part.text;
      })
      .join('')
      .trim();
  const result: CommentText = { examples: [], throws: [], see: [], other: [] };
  if (!comment) return result;
  if (comment.summary.length) result.summary = toMarkdown(comment.summary);
  for (const tag of comment.blockTags ?? []) {
    const text = toMarkdown(tag.content);
    if (tag.tag === '@deprecated') result.deprecated = text || 'Deprecated.';
    else if (tag.tag === '@example') result.examples.push(/```/.test(text) ? text : `\`\`\`ts\n${text}\n\`\`\``);
    else if (tag.tag === '@returns') result.returns = text;
    else if (tag.tag === '@remarks') result.remarks = result.remarks ? `${result.remarks}\n\n${text}` : text;
    else if (tag.tag === '@defaultValue' || tag.tag === '@default') {
      // A comment may give several (one per parameter, written inside their @param texts).
      if (text) result.defaultValue = result.defaultValue ? `${result.defaultValue}, ${defaultText(text)}` : defaultText(text);
    } else if (tag.tag === '@throws') {
      if (text) result.throws.push(text);
    } else if (tag.tag === '@see') result.see.push(...seeEntries(text, link));
    else if (tag.tag === unmatchedParamTag) result.other.push({ tag: 'parameter', text: `\`${tag.name ?? ''}\`: ${text.replace(/^-\s*/, '')}` });
    else if (text && !consumedTags.has(tag.tag)) result.other.push({ tag: tag.tag.slice(1), text });
  }
  if (comment.modifierTags?.includes('@deprecated') && !result.deprecated) result.deprecated = 'Deprecated.';
  return result;
}
