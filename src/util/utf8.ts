// Content must be UTF-8. When it is not, writers need to know where: the line and column of the
// first byte that is not part of valid UTF-8 (usually a Latin-1 character pasted from elsewhere).

import type { Diagnostics } from '../errors.ts';
import { readProjectFile } from './project-files.ts';

/**
 * Reads a content file as text; undefined (and an error) when it is not UTF-8 (at the bad byte),
 * or is not a regular file really inside `roots` (the project: see project-files.ts).
 */
export function readUtf8File(absoluteFile: string, displayFile: string, diagnostics: Diagnostics, roots: readonly string[]): string | undefined {
  const bytes = readProjectFile(absoluteFile, displayFile, roots, diagnostics);
  if (bytes === undefined) return undefined;
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) return decoded.text;
  diagnostics.error({
    file: displayFile,
    line: decoded.line,
    column: decoded.column,
    message: 'the file is not UTF-8 text',
    hint: 'Save it as UTF-8 (most editors: "Save with encoding"), or retype the character at this position.',
  });
  return undefined;
}

export type DecodedText = { ok: true; text: string } | { ok: false; line: number; column: number };

/** Decodes UTF-8 (dropping a byte-order mark), or says where the first invalid byte is. */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    return { ok: false, ...locateInvalidByte(bytes) };
  }
}

function locateInvalidByte(bytes: Uint8Array): { line: number; column: number } {
  // A newline byte is never part of a multi-byte character, so lines can be checked one by one.
  let lineStart = 0;
  for (let line = 1; lineStart <= bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, lineStart);
    const lineEnd = newline < 0 ? bytes.length : newline;
    const lineBytes = bytes.subarray(lineStart, lineEnd);
    if (!isValid(lineBytes, false)) {
      // The shortest prefix that is invalid even as the start of a stream (or the whole line,
      // when only its last character is cut short) ends just after the bad sequence begins...
      let low = 1;
      let high = lineBytes.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (isValid(lineBytes.subarray(0, middle), true)) low = middle + 1;
        else high = middle;
      }
      // ...which starts where the longest complete, valid prefix before it ends.
      let valid = low - 1;
      while (valid > 0 && !isValid(lineBytes.subarray(0, valid), false)) valid--;
      const before = new TextDecoder('utf-8').decode(lineBytes.subarray(0, valid));
      return { line, column: [...before].length + 1 };
    }
    lineStart = lineEnd + 1;
  }
  return { line: 1, column: 1 };
}

/** With `partial`, an unfinished character at the end is not an error (more bytes could follow). */
function isValid(bytes: Uint8Array, partial: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}
