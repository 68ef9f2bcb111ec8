import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { applyMagicComments, parseCodeMeta } from '../../../src/markdown/plugins/code-blocks.ts';
import { renderArticle } from '../../../src/render/article.tsx';

const processor = createMarkdownProcessor({
  resolveMarkdownLink: () => undefined,
  resolveAsset: () => '/assets/pic.png',
  loadSvg: () => undefined,
});
const render = (markdown: string) => {
  const result = renderMarkdown(processor, markdown, '/site/content/docs/page.md');
  return { ...result, html: toHtml(result.hast), article: renderArticle(result.hast) };
};

describe('Docusaurus headings', () => {
  test('"{#custom-id}" sets the id and leaves the text', () => {
    const { html, toc } = render('## Set up the *radio* {#setup}\n\nText');
    assert.match(html, /<h2 id="setup">Set up the <em>radio<\/em><a href="#setup"/);
    assert.doesNotMatch(html, /\{#/);
    assert.deepEqual(toc, [{ depth: 2, id: 'setup', text: 'Set up the radio' }]);
  });

  test('a heading without one keeps its generated id', () => {
    assert.match(render('## Plain heading').html, /<h2 id="plain-heading">/);
  });
});

describe('Docusaurus admonitions', () => {
  test('"::::info Title" is the outer block of a nested pair', () => {
    const { article } = render('::::info Outer words\n\n:::tip\nInner words\n:::\n\n::::');
    assert.match(article, /<aside class="admonition admonition-info" aria-label="Outer words">.*<aside class="admonition admonition-tip" aria-label="Tip">.*Inner words/s);
    assert.doesNotMatch(article, /::::/);
  });

  test('a title keeps its inline markup and every word', () => {
    const { article } = render(':::note[A **bold** `code` title]\nBody\n:::');
    assert.match(article, /aria-label="A bold code title"/);
    assert.match(article, /<p class="admonition-heading"><svg[^]*?<\/svg>A <strong>bold<\/strong> <code>code<\/code> title<\/p>/);
    assert.doesNotMatch(article, /data-admonition-title/);
  });

  test('caution and important carry their own labels', () => {
    assert.match(render(':::caution\nx\n:::').article, /admonition-warning" aria-label="Caution">[^]*?Caution<\/p>/);
    assert.match(render(':::important\nx\n:::').article, /admonition-info" aria-label="Important">[^]*?Important<\/p>/);
  });
});

describe('Docusaurus code block options', () => {
  test('showLineNumbers numbers each line through an attribute, from 1 or a given start', () => {
    assert.equal(parseCodeMeta('showLineNumbers').firstLineNumber, 1);
    assert.equal(parseCodeMeta('title="a" showLineNumbers=7').firstLineNumber, 7);
    assert.equal(parseCodeMeta('title="showLineNumbers"').firstLineNumber, undefined);
    const { html } = render('```js showLineNumbers=3\na();\nb();\n```');
    assert.match(html, /<pre data-language="js" data-line-numbers=""><code[^>]*><span class="line" data-line="3">/);
    assert.match(html, /data-line="4"/);
  });

  test('magic comments highlight lines and are removed from the code', () => {
    const { code, highlighted } = applyMagicComments(['a', '// highlight-next-line', 'b', '<!-- highlight-start -->', 'c', 'd', '<!-- highlight-end -->', 'e', '# highlight-next-line', 'f'].join('\n'));
    assert.equal(code, 'a\nb\nc\nd\ne\nf');
    assert.deepEqual([...highlighted], [2, 3, 4, 6]);
    const { html } = render('```ts\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```');
    assert.doesNotMatch(html, /highlight-next-line/);
    assert.match(html, /<span class="line line-highlighted"><span class="hljs-keyword">const<\/span> b/);
  });
});
