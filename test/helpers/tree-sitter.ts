import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';

// A real parser for the languages no toolchain on our machines can compile (Swift, C#): tree-sitter
// grammars prebuilt to WebAssembly by `tree-sitter-wasms`, run by `web-tree-sitter`. Nothing is
// compiled natively, so it works on any machine that runs Node.

const require = createRequire(import.meta.url);
const grammarFolder = path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');

/** Names writers and fences use for a grammar, mapped to the grammar's own file name. */
const aliases: Record<string, string> = { csharp: 'c_sharp', 'c#': 'c_sharp', cs: 'c_sharp', 'c-sharp': 'c_sharp' };

/** A syntax error: 1-based line and column within the parsed code. */
export interface ParseError {
  line: number;
  column: number;
  message: string;
}

let ready: Promise<void> | undefined;
const parsers = new Map<string, Promise<Parser>>();

function grammarName(language: string): string {
  return aliases[language.toLowerCase()] ?? language.toLowerCase();
}

/** One parser per grammar, loaded on first use. */
function parserFor(language: string): Promise<Parser> {
  const name = grammarName(language);
  let parser = parsers.get(name);
  if (!parser) {
    parser = (async () => {
      const file = path.join(grammarFolder, `tree-sitter-${name}.wasm`);
      if (!fs.existsSync(file)) {
        const known = fs.readdirSync(grammarFolder).map((entry) => /^tree-sitter-(.+)\.wasm$/.exec(entry)?.[1]).filter(Boolean);
        throw new Error(`No tree-sitter grammar for "${language}".\nUse one of: ${known.join(', ')}`);
      }
      ready ??= Parser.init();
      await ready;
      const instance = new Parser();
      instance.setLanguage(await Language.load(file));
      return instance;
    })();
    parsers.set(name, parser);
  }
  return parser;
}

/** The syntax tree of `code` (for symbol checks). Callers walk `tree.rootNode`. */
export async function parseTree(language: 'swift' | 'c_sharp' | string, code: string): Promise<Tree> {
  const tree = (await parserFor(language)).parse(code);
  if (!tree) throw new Error(`tree-sitter could not parse the ${language} code`);
  return tree;
}

/** A short quote of a node's text for messages. */
function quote(node: Node): string {
  const text = node.text.replace(/\s+/g, ' ').trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The syntax errors in `code`: each place the grammar could not parse (an ERROR node) or had to
 * assume a token that is not there (a MISSING node). Empty when the code parses cleanly.
 */
export async function parseErrors(language: 'swift' | 'c_sharp' | string, code: string): Promise<ParseError[]> {
  const tree = await parseTree(language, code);
  const errors: ParseError[] = [];
  const visit = (node: Node): void => {
    if (node.isMissing) {
      errors.push({ line: node.startPosition.row + 1, column: node.startPosition.column + 1, message: `syntax error: missing \`${node.type}\`` });
      return;
    }
    if (node.isError) {
      errors.push({ line: node.startPosition.row + 1, column: node.startPosition.column + 1, message: `syntax error: cannot parse \`${quote(node)}\`` });
      return;
    }
    if (node.hasError) for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  tree.delete();
  return errors;
}
