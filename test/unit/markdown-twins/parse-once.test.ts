// A doc's twin is made from the parse its page renderer made (a copy taken before the page's
// plugins change it), not by parsing the text again (test/content/twin-parse-once.test.ts holds
// that both give the same twin for every real doc).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';

const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined });

test('the parse handed over is the one from before the page\'s plugins ran', () => {
  const rendered = renderMarkdown(processor, '# Title\n\n:::note[Careful]\nText with `code`.\n:::\n', '/site/page.md', 0, { keepSource: true });
  assert.equal(rendered.leadingTitle, 'Title', 'the page took its title from the text');
  const types = rendered.source!.tree.children.map((node) => node.type);
  assert.deepEqual(types, ['heading', 'containerDirective'], 'the title is still a heading, the admonition still a directive');
  assert.equal(renderMarkdown(processor, 'Text.', '/site/page.md').source, undefined, 'no copy unless asked');
});
