import path from 'node:path';
import { readSampleChecks, sampleCheckFor, type SampleCheck } from '../../src/markdown/sample-checks.ts';
import { extractBlocks, fragmentReason, markdownFiles, type ContentBlock } from './content-blocks.ts';
import { repoRoot } from './fixtures.ts';

// What every content verifier does around its own check: find the blocks of its languages in
// content/, set the fragments aside with their reasons, read its pins from content/sample-checks.json
// and print how many blocks it verified and skipped.

export interface VerifierBlocks {
  blocks: ContentBlock[];
  skipped: ContentBlock[];
}

/** The blocks of `languages` under content/, fragments apart. */
export function contentBlocks(languages: string[], root = path.join(repoRoot, 'content')): VerifierBlocks {
  const all = markdownFiles(root).flatMap((file) => extractBlocks(file, languages, { includeFragments: true }));
  return { blocks: all.filter((block) => fragmentReason(block) === undefined), skipped: all.filter((block) => fragmentReason(block) !== undefined) };
}

const checks = readSampleChecks(repoRoot);

/** The sample-check entry (label and pins) that applies to a block; a verifier without one fails. */
export function checkFor(block: Pick<ContentBlock, 'file' | 'language'>): SampleCheck {
  const check = sampleCheckFor(checks, block.language, block.file);
  if (!check) throw new Error(`${path.relative(repoRoot, block.file)}: content/sample-checks.json has no entry for "${block.language}" blocks\n  Add one (languages, checkedWith, pins) so readers see what the block is checked with.`);
  return check;
}

/** One pin of a language's check everywhere (`python` → `3.11`). */
export function pinOf(language: string, name: string): string {
  const check = sampleCheckFor(checks, language, path.join(repoRoot, 'content', 'x.md'));
  const pin = check?.pins[name];
  if (!pin) throw new Error(`content/sample-checks.json: the "${language}" entry has no pin "${name}"\n  Add "pins": { "${name}": "<version>" } to it.`);
  return pin;
}

/** `Python: 3 blocks verified, 1 skipped` and each skipped block with its reason. */
export function printCounts(name: string, { blocks, skipped }: VerifierBlocks, extra = ''): void {
  const reasons = skipped.map((block) => `\n  ${path.relative(repoRoot, block.file)}:${block.line}: fragment: ${fragmentReason(block) || '(no reason given)'}`).join('');
  console.log(`${name}: ${blocks.length} blocks verified${extra}, ${skipped.length} skipped${reasons}`);
}

/** `content/docs/x.md:12:3: message` for the `line` (1-based) and `column` inside a block. */
export function at(block: ContentBlock, line: number, column?: number): string {
  return `${path.relative(repoRoot, block.file)}:${block.line + line - 1}${column ? `:${column}` : ''}`;
}
