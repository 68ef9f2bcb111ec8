import path from 'node:path';
import type { ContentBlock } from './content-blocks.ts';

// A multi-page tutorial shows a file whole once, then shows only the members a later step adds or
// changes ("replace startMediaConnection with ..."). To compile what a reader has after each step,
// this module keeps the tutorial's files and applies each page's blocks in order: a block with a
// `package` line replaces its file; any other block titled with that file is spliced into it, each
// member replacing the member of the same name or, when new, going at the end of the class.
// Every line remembers the block line it came from, so compiler errors point at the page.

/** Where a line of an assembled file came from (undefined: added by the verifier). */
export interface LineOrigin {
  block: ContentBlock;
  /** 0-based line within the block's code. */
  offset: number;
}

export interface SourceLine {
  text: string;
  origin?: LineOrigin;
}

export interface TutorialFile {
  /** The block title, e.g. `screens/conference/ConferenceViewModel.kt`. */
  title: string;
  lines: SourceLine[];
}

/** A block the assembler could not place, with the fix for the writer. */
export class SpliceError extends Error {
  constructor(
    readonly block: ContentBlock,
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export function blockTitle(block: Pick<ContentBlock, 'meta'>): string | undefined {
  return /title="([^"]*)"/.exec(block.meta)?.[1];
}

export function isWholeFile(block: Pick<ContentBlock, 'code'>): boolean {
  return /^package\s+[\w.]+\s*$/m.test(block.code);
}

function linesOf(block: ContentBlock): SourceLine[] {
  const texts = block.code.replace(/\n$/, '').split('\n');
  return texts.map((text, offset) => ({ text, origin: { block, offset } }));
}

const indentOf = (text: string) => /^ */.exec(text)![0].length;
const isBlank = (text: string) => text.trim() === '';
/** Lines that continue the member above them rather than start a new one. */
const isContinuation = (text: string) => /^\s*(\}|\)|\]|\.|\?:|&&|\|\||->)/.test(text);
const isCommentOrAnnotation = (text: string) => /^\s*(\/\/|\/\*|\*|@)/.test(text);

/** The name a member declares (`fun name(`, `val name`, `class Name`), or undefined for a statement. */
export function declaredName(text: string): string | undefined {
  const code = text.replace(/^\s*(@\w+(\([^)]*\))?\s+)*/, '');
  if (/^(private|protected|internal|public|override|open|abstract|final|suspend|inline|operator|infix|tailrec|external|lateinit|const|data|sealed|enum|inner|companion|\s)*(fun|val|var|class|object|interface)\b/.test(code) === false) return undefined;
  if (/\bcompanion\s+object\b/.test(code)) return 'companion object';
  const match =
    /\bfun\s+(?:<[^>]*>\s*)?(?:[\w.<>?, ]+\.)?(\w+)\s*\(/.exec(code) ??
    /\b(?:val|var)\s+(?:[\w.<>?, ]+\.)?(\w+)\b/.exec(code) ??
    /\b(?:class|object|interface)\s+(\w+)/.exec(code);
  return match?.[1];
}

interface Chunk {
  name: string;
  lines: SourceLine[];
}

/** Splits a snippet (members written at column 0) into its imports and its member declarations. */
function chunksOf(block: ContentBlock): { imports: SourceLine[]; chunks: Chunk[] } {
  const imports: SourceLine[] = [];
  const chunks: Chunk[] = [];
  let pending: SourceLine[] = [];
  let current: Chunk | undefined;
  for (const line of linesOf(block)) {
    if (/^import\s/.test(line.text)) {
      imports.push(line);
      continue;
    }
    const startsSomething = !isBlank(line.text) && indentOf(line.text) === 0 && !isContinuation(line.text);
    if (startsSomething && isCommentOrAnnotation(line.text) && !declaredName(line.text)) {
      pending.push(line);
      continue;
    }
    if (startsSomething) {
      const name = declaredName(line.text);
      if (!name) {
        throw new SpliceError(
          block,
          line.origin!.offset,
          'this block adds statements, not whole members, so it cannot be placed into its file\n  show the whole function, or mark the block fragment="why" (it is then skipped, with the reason)',
        );
      }
      current = { name, lines: [...pending, line] };
      pending = [];
      chunks.push(current);
      continue;
    }
    if (current) current.lines.push(line);
    else if (!isBlank(line.text)) pending.push(line);
  }
  return { imports, chunks };
}

/** The range of lines where a file keeps its members: the body of the class named after the file, or the whole file. */
function containerOf(file: TutorialFile): { start: number; end: number; indent: number } {
  const className = path.basename(file.title).replace(/\.kts?$/, '');
  const header = file.lines.findIndex((line) => new RegExp(`^(?:\\w+\\s+)*(?:class|object)\\s+${className}\\b`).test(line.text));
  if (header === -1) return { start: 0, end: file.lines.length, indent: 0 };
  let open = header;
  while (open < file.lines.length && !file.lines[open].text.trimEnd().endsWith('{')) open++;
  const close = file.lines.findIndex((line, index) => index > open && /^\}\s*$/.test(line.text));
  return { start: open + 1, end: close === -1 ? file.lines.length : close, indent: 4 };
}

/** The lines [from, to) of the member called `name` in the container, with its comments and annotations. */
function findMember(file: TutorialFile, container: { start: number; end: number; indent: number }, name: string): [number, number] | undefined {
  const { lines } = file;
  const isHead = (index: number) => {
    const text = lines[index].text;
    return !isBlank(text) && indentOf(text) === container.indent && !isContinuation(text);
  };
  for (let index = container.start; index < container.end; index++) {
    if (!isHead(index) || isCommentOrAnnotation(lines[index].text) || declaredName(lines[index].text) !== name) continue;
    let from = index;
    while (from - 1 >= container.start && isHead(from - 1) && isCommentOrAnnotation(lines[from - 1].text) && !declaredName(lines[from - 1].text)) from--;
    let to = index + 1;
    while (to < container.end && !isHead(to)) to++;
    while (to - 1 > index && isBlank(lines[to - 1].text)) to--;
    return [from, to];
  }
  return undefined;
}

/** Adds the snippet's imports after the file's last import (or its package line). */
function addImports(file: TutorialFile, imports: SourceLine[]): void {
  const existing = new Set(file.lines.map((line) => line.text.trim()));
  const fresh = imports.filter((line) => !existing.has(line.text.trim()));
  if (fresh.length === 0) return;
  const lastImport = file.lines.map((line) => line.text).findLastIndex((text) => /^import\s/.test(text));
  const packageLine = file.lines.findIndex((line) => /^package\s/.test(line.text));
  const at = lastImport !== -1 ? lastImport + 1 : packageLine + 1;
  file.lines.splice(at, 0, ...(lastImport === -1 ? [{ text: '' }] : []), ...fresh);
}

/** Applies one block to the tutorial's files: replaces the file, or splices the members in. */
export function applyBlock(files: Map<string, TutorialFile>, block: ContentBlock): void {
  const title = blockTitle(block);
  if (!title) {
    throw new SpliceError(block, 0, 'a tutorial block that is not a whole file needs the file it belongs to\n  add title="path/File.kt" to its info string, or mark it fragment="why"');
  }
  if (isWholeFile(block)) {
    files.set(title, { title, lines: linesOf(block) });
    return;
  }
  const file = files.get(title);
  if (!file) {
    throw new SpliceError(block, 0, `no earlier page shows ${title} whole, so this part of it cannot be placed\n  show the whole file first, or mark the block fragment="why"`);
  }
  const { imports, chunks } = chunksOf(block);
  addImports(file, imports);
  for (const chunk of chunks) {
    const container = containerOf(file);
    const pad = ' '.repeat(container.indent);
    const indented = chunk.lines.map((line) => ({ ...line, text: isBlank(line.text) ? '' : pad + line.text }));
    while (indented.length && isBlank(indented.at(-1)!.text)) indented.pop();
    const existing = findMember(file, container, chunk.name);
    if (existing) file.lines.splice(existing[0], existing[1] - existing[0], ...indented);
    else file.lines.splice(container.end, 0, { text: '' }, ...indented);
  }
}

/** Moves every `com.example.x` package and import of a file under a prefix, so each step compiles on its own. */
export function underPackage(lines: SourceLine[], appPackage: string, prefix: string): SourceLine[] {
  const pattern = new RegExp(`^(package|import)\\s+${appPackage.replace(/\./g, '\\.')}\\b`);
  return lines.map((line) => (pattern.test(line.text) ? { ...line, text: line.text.replace(/^(package|import)\s+/, `$1 ${prefix}.`) } : line));
}

/** Every Pexip Android SDK version a block pins (`com.pexip.sdk:sdk-api:0.17.5`, `pexipSdkVersion = "…"`, `version_pexip = '…'`). */
export function pinnedSdkVersions(blocks: ContentBlock[]): { block: ContentBlock; offset: number; version: string }[] {
  return blocks.flatMap((block) =>
    block.code.split('\n').flatMap((text, offset) =>
      [...text.matchAll(/com\.pexip\.sdk:sdk-[\w-]+:(\d[\w.-]*)|(?:pexipSdkVersion|version_pexip)\s*=\s*["'](\d[\w.-]*)["']/g)].map((match) => ({ block, offset, version: match[1] ?? match[2] })),
    ),
  );
}
