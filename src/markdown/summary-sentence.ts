// A page's one-line summary (its meta description, what llms.txt lists, what search shows) from
// Markdown written for the page body: the first sentence as plain text. Inline markup goes, but
// a code span keeps its text exactly as written: `participant_secret` stays participant_secret,
// never "participantsecret".

/** A code span: a run of backticks, its text, the same run again (CommonMark). */
const codeSpan = /(`+)([\s\S]*?[^`])\1(?!`)/g;

/** Inline Markdown as plain text: links become their text, emphasis marks go, code spans keep their text. */
export function plainInline(markdown: string): string {
  let plain = '';
  let last = 0;
  for (const match of markdown.matchAll(codeSpan)) {
    plain += proseOf(markdown.slice(last, match.index)) + match[2].replace(/^ (.*) $/s, '$1');
    last = match.index + match[0].length;
  }
  return plain + proseOf(markdown.slice(last));
}

/** Text outside code spans: links to their text; `*` and `_` dropped only where they mark emphasis (not inside a word such as snake_case). */
function proseOf(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*+/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '');
}

/** The first sentence of the first paragraph, as plain text, at most `limit` characters. */
export function summarySentence(markdown: string | undefined, limit = 200): string | undefined {
  if (!markdown) return undefined;
  const paragraph = plainInline(markdown.split(/\n\s*\n/)[0]).replace(/\s+/g, ' ').trim();
  if (!paragraph) return undefined;
  const sentence = /^(.+?[.!?])(\s|$)/.exec(paragraph)?.[1] ?? paragraph;
  return sentence.length > limit ? `${sentence.slice(0, limit - 3)}…` : sentence;
}
