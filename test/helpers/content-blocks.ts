import fs from 'node:fs';
import path from 'node:path';

/** A fenced code block of a content page, with the page and the line its code starts on. */
export interface ContentBlock {
  file: string;
  line: number;
  language: string;
  /** The info string after the language (`title="x.kt" fragment="why"`). */
  meta: string;
  code: string;
}

/** Every Markdown page (`.md`, `.mdx`) under a folder. */
export function markdownFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.md') || file.endsWith('.mdx'))
    .map((file) => path.join(folder, file));
}

/** The reason a block is deliberately partial (`fragment="why"`), if it is. */
export function fragmentReason(block: Pick<ContentBlock, 'meta'>): string | undefined {
  return /fragment="([^"]*)"/.exec(block.meta)?.[1] ?? (/\bfragment\b/.test(block.meta) ? '' : undefined);
}

/**
 * The fenced blocks of one page in the given languages. Fragments are left out unless
 * `includeFragments` is set (verifiers count them as skipped, with their reason).
 */
export function extractBlocks(file: string, languages: string[], { includeFragments = false } = {}): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let open: ContentBlock | undefined;
  let fenceIndent = '';
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const fence = /^(\s*)```([\w+-]*)(.*)$/.exec(line);
      if (!open && fence) {
        fenceIndent = fence[1];
        open = { file, line: index + 2, language: fence[2], meta: fence[3], code: '' };
      } else if (open && /^\s*```\s*$/.test(line)) {
        if (languages.includes(open.language) && (includeFragments || fragmentReason(open) === undefined)) blocks.push(open);
        open = undefined;
      } else if (open) open.code += `${line.startsWith(fenceIndent) ? line.slice(fenceIndent.length) : line}\n`;
    });
  return blocks;
}

/** `content/docs/x.md:12` for messages. */
export function blockLocation(block: Pick<ContentBlock, 'file' | 'line'>, repoRoot: string, offset = 0): string {
  return `${path.relative(repoRoot, block.file)}:${block.line + offset}`;
}
