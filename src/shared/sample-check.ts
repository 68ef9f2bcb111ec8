// What the test suite did with one code sample, as one line of text. The page shows the line
// below the block and the Markdown twin writes it on the line after the closing fence, so a
// reader and an assistant are told the same thing. Agents parse the twin line by its start:
// keep both prefixes exactly as they are.

/** A sample a verifier of the test suite checks, or one nobody checks and why it is shown anyway. */
export type SampleCheckLabel = { checked: true; checkedWith: string } | { checked: false; reason: string };

export const checkedPrefix = '✓ Checked with ';
export const notCheckedPrefix = 'Not checked: ';

/** "✓ Checked with Kotlin 2.2.21 · …" or "Not checked: from the package's documentation". */
export function sampleCheckLine(label: SampleCheckLabel): string {
  return label.checked ? `${checkedPrefix}${label.checkedWith}` : `${notCheckedPrefix}${label.reason}`;
}
