import type { ReactNode } from 'react';

/**
 * Text written with Markdown code spans (a CHANGELOG bullet, a changelog entry's words): each
 * `name` drawn as code, the rest as text. Only code spans: the text comes from packages and
 * descriptions, so nothing else in it is read as markup.
 */
export function CodeSpans({ text }: { text: string }): ReactNode {
  const parts = text.split(/`([^`\n]+)`/);
  return parts.map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}
