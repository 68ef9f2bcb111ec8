import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { joinCheckLine } from './check-lines.ts';
import { splicedSource } from './splice.ts';

// GFM only (tables, task lists, strikethrough): twins hold no directives once admonitions are
// resolved, and the directive extension would escape every ":" in running text ("10\:30").
// `splicedSource`: a run of a guide's source copied as written (splice.ts).
const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', rule: '-', fences: true, join: [joinCheckLine], handlers: { splicedSource } as never })
  .freeze();

export const stringifyMarkdown = (tree: Root): string => stringifier.stringify(tree).trim();
