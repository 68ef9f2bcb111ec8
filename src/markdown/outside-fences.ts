/**
 * Maps each line of Markdown source that is outside fenced code blocks; fence lines and the code
 * between them stay as they are. The source-level passes (MDX lines, admonition titles) must not
 * touch code samples that merely look like their syntax.
 */
export function mapLinesOutsideFences(lines: string[], map: (line: string, index: number) => string): string[] {
  let fence: string | undefined;
  return lines.map((line, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening) {
      if (!fence) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = undefined;
      return line;
    }
    return fence ? line : map(line, index);
  });
}
