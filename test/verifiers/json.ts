import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// Strict JSON (RFC 8259) with the engine's own parser: comments and trailing commas are errors,
// as they are for a reader's JSON.parse or a config loader. JSONC is not accepted under `json`.

/** Line and column (1-based) of a character offset. */
export function lineColumn(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export function checkJsonBlock(block: ContentBlock): string[] {
  try {
    JSON.parse(block.code);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    // V8 names a character offset ("at position 12"); newer engines may name line and column.
    const position = /position (\d+)/.exec(message);
    const explicit = /line (\d+) column (\d+)/.exec(message);
    const place = explicit ? { line: Number(explicit[1]), column: Number(explicit[2]) } : position ? lineColumn(block.code, Number(position[1])) : { line: 1, column: 1 };
    return [`${at(block, place.line, place.column)}: invalid JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}\n  Write strict JSON (no comments, no trailing commas, double quotes), or mark a deliberate partial with fragment="why"`];
  }
}
