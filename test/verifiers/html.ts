import { fromHtml } from 'hast-util-from-html';
import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// HTML with the WHATWG parser (parse5, through hast-util-from-html, already used by the build):
// every parse error the standard defines fails, e.g. an unclosed comment or a duplicate
// attribute. A block without `<!doctype` is a fragment of a page and is parsed as one.

export function checkHtmlBlock(block: ContentBlock): string[] {
  const problems: string[] = [];
  fromHtml(block.code, {
    fragment: !/^\s*<!doctype/i.test(block.code),
    onerror: (error) => {
      problems.push(`${at(block, error.line ?? 1, error.column ?? undefined)}: HTML parse error (${error.ruleId}): ${error.reason.split('\n')[0]}\n  Fix the markup, or mark a deliberate partial with fragment="why"`);
    },
  });
  return problems;
}
