import { fencedLines } from '../outside-fences.ts';

/** A line of the source after multi-line tags were joined, and where each of its characters was. */
export interface JoinedLine {
  text: string;
  /** The source line and column (1-based) of an offset in `text`. */
  at(offset: number): { line: number; column: number };
}

/** A line that starts with a component's tag, in a list item or a quote or not. */
export const componentLine = /^\s*(?:(?:[-*+]|\d+[.)]|>)\s+)*<[A-Z][\w.]*/;

// The longest opening tag read across lines; past it the tag is left as written (and reported).
const maxTagLines = 200;

/**
 * A component's opening or self-closing tag written across lines, as Prettier writes one with
 * several props:
 *
 *     <Tabs
 *       groupId="db"
 *       values={[{label: 'A', value: 'a'}]}
 *     >
 *
 * is joined into its first line, as the Markdown parser reads an HTML block only from a tag that
 * closes on its line. The lines it took stay as empty comments, so every later line keeps its
 * number, and each joined line maps its offsets back to the source for messages.
 */
export function joinComponentTags(lines: string[]): JoinedLine[] {
  const fenced = fencedLines(lines);
  const result: JoinedLine[] = lines.map((text, index) => ({ text, at: (offset) => ({ line: index + 1, column: offset + 1 }) }));
  for (let index = 0; index < lines.length; index++) {
    if (fenced[index]) continue;
    const opener = componentLine.exec(lines[index]);
    if (!opener || tagEnd(lines[index], opener[0].length) !== -1) continue;
    // Segments: where each source line starts in the joined text.
    const segments = [{ start: 0, line: index + 1, column: 1 }];
    let text = lines[index];
    let last = index;
    let end = -1;
    while (end < 0 && last + 1 < lines.length && last - index < maxTagLines && !fenced[last + 1]) {
      last++;
      const indent = /^\s*/.exec(lines[last])![0].length;
      text += ' ';
      segments.push({ start: text.length, line: last + 1, column: indent + 1 });
      text += lines[last].slice(indent);
      end = tagEnd(text, opener[0].length);
    }
    if (end < 0) continue;
    result[index] = {
      text,
      at: (offset) => {
        const segment = segments.findLast((each) => each.start <= offset) ?? segments[0];
        return { line: segment.line, column: segment.column + offset - segment.start };
      },
    };
    // An empty comment, indented as the line was: a blank line would end the paragraph or HTML
    // block the tag stands in, and an unindented one the list item.
    for (let taken = index + 1; taken <= last; taken++) result[taken] = { text: `${/^\s*/.exec(lines[taken])![0]}<!---->`, at: () => ({ line: taken + 1, column: 1 }) };
    index = last;
  }
  return result;
}

/**
 * The offset of the `>` that ends a tag whose attributes start at `from`: quoted values and
 * `{…}` expressions (with the strings in them) may hold `>`. -1 if the text ends first.
 */
function tagEnd(text: string, from: number): number {
  let depth = 0;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '"' || char === "'" || (char === '`' && depth > 0)) {
      const close = text.indexOf(char, index + 1);
      if (close < 0) return -1;
      index = close;
    } else if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === '>' && depth === 0) return index;
  }
  return -1;
}
