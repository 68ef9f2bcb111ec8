import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import type { Preset } from 'unified';
import { remarkLiteralDirectives } from './plugins/literal-directives.ts';

/**
 * The Markdown syntax portal reads: CommonMark, GFM, container directives (`:::note`), every
 * other directive put back as the text the writer typed. The page renderer and the Markdown
 * twin both parse with this one preset, so they cannot read a file two ways.
 */
export const markdownSyntax: Preset = { plugins: [remarkParse, remarkGfm, remarkDirective, remarkLiteralDirectives] };
