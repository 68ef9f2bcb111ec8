import { mapLinesOutsideFences } from '../outside-fences.ts';

// Docusaurus writes a titled admonition as ":::tip My title" (and "::::tip Title" for an outer
// block holding another); remark-directive expects ":::tip[My title]". Rewrite the first form to
// the second, outside code fences, before parsing.
const titled = /^(\s*)(:{3,})(\w+)[ \t]+([^\s[{].*?)\s*$/;

export function normalizeAdmonitionSyntax(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  return mapLinesOutsideFences(markdown.split('\n'), (line) => {
    const match = titled.exec(line);
    return match ? `${match[1]}${match[2]}${match[3]}[${match[4].replace(/[[\]]/g, '\\$&')}]` : line;
  }).join('\n');
}
