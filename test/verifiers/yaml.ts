import { parseAllDocuments } from 'yaml';
import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// YAML with the `yaml` package (the one the build reads front matter and specs with), at the
// YAML version content/sample-checks.json pins. Errors and warnings both fail: a warning is YAML
// a reader's tools may read differently.

export function checkYamlBlock(block: ContentBlock, version: '1.1' | '1.2'): string[] {
  return parseAllDocuments(block.code, { version, prettyErrors: true, strict: true, uniqueKeys: true }).flatMap((document) =>
    [...document.errors, ...document.warnings].map((problem) => {
      const position = problem.linePos?.[0] ?? { line: 1, col: 1 };
      return `${at(block, position.line, position.col)}: invalid YAML ${version}: ${problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}\n  Fix the YAML, or mark a deliberate partial with fragment="why"`;
    }),
  );
}
