import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderArticle } from '../../../src/kinds/article.tsx';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { guideTwin } from '../../../src/markdown-twins/guide.ts';
import { htmlToMarkdown } from '../../../src/markdown-twins/html-to-markdown.ts';
import { admonitionDirectives } from '../../../src/shared/admonitions.ts';
import { imagesBesideThePage } from '../../helpers/twin-images.ts';

// Every kind `:::` accepts (the legacy aliases included) and one it does not, each with no title
// and with a title in inline Markdown, through the page and through the twin: both must name the
// same kind, and the title must keep its words and its formatting in both.
const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined });
const file = '/site/content/docs/area/page.md';
const title = 'Use **this** `one`';

function page(markdown: string): { style: string; heading: string } {
  const html = renderArticle(renderMarkdown(processor, markdown, file).hast);
  const aside = /<aside class="admonition admonition-(\w+)"[^>]*><p class="admonition-heading"><svg[^]*?<\/svg>([^]*?)<\/p>/.exec(html);
  assert.ok(aside, `no admonition drawn for:\n${markdown}\n${html}`);
  return { style: aside[1], heading: htmlToMarkdown(aside[2], 'https://docs.example.test/', '/docs/area/page').trim() };
}

function twinHeading(markdown: string): string {
  const twin = guideTwin({ route: '/docs/area/page', title: 'A page', body: markdown, absoluteFile: file }, { siteUrl: 'https://docs.example.test/', markdownLink: () => undefined, assetOf: () => undefined, images: imagesBesideThePage });
  const line = /^> (.*)$/m.exec(twin);
  assert.ok(line, `no blockquote in the twin of:\n${markdown}\n${twin}`);
  return line[1];
}

describe('an admonition is the same kind with the same title on its page and in its twin', () => {
  for (const kind of [...admonitionDirectives, 'caveat']) {
    test(`:::${kind}`, () => {
      const plain = page(`:::${kind}\nWords.\n:::`);
      assert.equal(twinHeading(`:::${kind}\nWords.\n:::`), `**${plain.heading}**`, 'untitled: the twin names the kind the page shows');
      for (const written of [`:::${kind}[${title}]\nWords.\n:::`, `:::${kind} ${title}\nWords.\n:::`]) {
        const titled = page(written);
        assert.equal(titled.style, plain.style, `titled, the page draws the same kind: ${written}`);
        assert.equal(titled.heading, title, `the page keeps the title's words and formatting: ${written}`);
        assert.equal(twinHeading(written), `**${plain.heading}:** ${title}`, `the twin gives the kind and the title as written: ${written}`);
      }
    });
  }

  test('the legacy aliases are drawn as Docusaurus draws them: success a tip, secondary a note, under their own names', () => {
    assert.deepEqual(page(':::success\nDone.\n:::'), { style: 'tip', heading: 'Success' });
    assert.deepEqual(page(':::secondary\nAside.\n:::'), { style: 'note', heading: 'Secondary' });
    assert.equal(renderMarkdown(processor, ':::success\nDone.\n:::', file).messages.length, 0, 'an accepted alias is not reported');
  });
});
