/**
 * Maps each line of Markdown source that is outside fenced code blocks; fence lines and the code
 * between them stay as they are. The source-level passes (MDX lines, admonition titles) must not
 * touch code samples that merely look like their syntax.
 */
export function mapLinesOutsideFences(lines: string[], map: (line: string, index: number) => string): string[] {
  const fenced = fencedLines(lines);
  return lines.map((line, index) => (fenced[index] ? line : map(line, index)));
}

/** For each line, whether it is a fence line or code between fences. */
export function fencedLines(lines: string[]): boolean[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening) {
      if (!fence) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = undefined;
      return true;
    }
    return fence !== undefined;
  });
}
