// Docusaurus writes a titled admonition as ":::tip My title" (and "::::tip Title" for an outer
// block holding another); remark-directive expects ":::tip[My title]". Rewrite the first form to
// the second, outside code fences, before parsing.
const titled = /^(\s*)(:{3,})(\w+)[ \t]+([^\s[{].*?)\s*$/;

export function normalizeAdmonitionSyntax(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fenceMatch) {
        if (!fence) fence = fenceMatch[1][0];
        else if (fenceMatch[1][0] === fence) fence = undefined;
        return line;
      }
      if (fence) return line;
      const match = titled.exec(line);
      return match ? `${match[1]}${match[2]}${match[3]}[${match[4].replace(/[[\]]/g, '\\$&')}]` : line;
    })
    .join('\n');
}
