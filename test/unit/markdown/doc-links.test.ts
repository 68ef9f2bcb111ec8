import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AssetRegistry } from '../../../src/content/assets.ts';
import { DocLinks } from '../../../src/markdown/doc-links.ts';
import { createDocRendering } from '../../../src/content/doc-pages.ts';
import type { DocSource } from '../../../src/content/docs.ts';
import { renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { guideTwinBody } from '../../../src/markdown-twins/guide.ts';

// A small tree under /site: two areas, a guide in a subfolder, and a page at the docs root.
const root = '/site';
const doc = (file: string, route: string, area?: 'infinity' | 'vpaas'): DocSource => ({
  id: file.replace(/\.md$/, ''),
  file: `content/docs/${file}`,
  absoluteFile: `${root}/content/docs/${file}`,
  folder: file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '',
  route,
  area,
  frontMatter: {},
  body: '',
  bodyLineOffset: 0,
});
const docs = [
  doc('infinity/introduction.md', '/docs/infinity/introduction', 'infinity'),
  doc('infinity/guides/first.md', '/docs/infinity/guides/first', 'infinity'),
  doc('infinity/guides/second.md', '/docs/infinity/guides/second', 'infinity'),
  doc('vpaas/introduction.md', '/docs/vpaas/introduction', 'vpaas'),
  doc('glossary.md', '/docs/glossary'),
];
const guide = `${root}/content/docs/infinity/guides/first.md`;

describe('links to Markdown files', () => {
  const links = new DocLinks(docs);

  test('are read from the file\'s folder, then the area\'s folder, then content/docs, as in Docusaurus', () => {
    assert.equal(links.markdownFile('second.md', guide), '/docs/infinity/guides/second');
    assert.equal(links.markdownFile('./second.md#part', guide), '/docs/infinity/guides/second#part');
    assert.equal(links.markdownFile('../introduction.md', guide), '/docs/infinity/introduction');
    assert.equal(links.markdownFile('introduction.md', guide), '/docs/infinity/introduction');
    assert.equal(links.markdownFile('guides/second.md', guide), '/docs/infinity/guides/second');
    assert.equal(links.markdownFile('vpaas/introduction.md', guide), '/docs/vpaas/introduction');
    assert.equal(links.markdownFile('glossary.md', guide), '/docs/glossary');
    assert.equal(links.markdownFile('missing.md', guide), undefined);
  });

  test('starting with "/" are read from the docs root: the area\'s folder, then content/docs', () => {
    assert.equal(links.markdownFile('/guides/second.md', guide), '/docs/infinity/guides/second');
    assert.equal(links.markdownFile('/guides/second.md#install', guide), '/docs/infinity/guides/second#install');
    assert.equal(links.markdownFile('/vpaas/introduction.md', guide), '/docs/vpaas/introduction');
    assert.equal(links.markdownFile('/second.md', guide), undefined, 'not from the file\'s own folder');
  });

  test('a malformed escape is read as written, never thrown', () => {
    assert.equal(links.markdownFile('%e.md', guide), undefined);
  });

  test('the page and its Markdown twin resolve every such link to the same route', () => {
    const assets = new AssetRegistry();
    const { processor, twin } = createDocRendering(docs, assets, { root, siteUrl: 'https://docs.example' });
    for (const href of ['second.md', 'introduction.md', '../introduction.md#start', '/guides/second.md', 'vpaas/introduction.md', 'glossary.md']) {
      const page = renderMarkdown(processor, `[x](${href})`, guide);
      const pageHref = page.links.map((link) => link.href)[0];
      const twinText = guideTwinBody({ route: '/docs/infinity/guides/first', body: `[x](${href})`, absoluteFile: guide }, twin);
      assert.ok(pageHref?.startsWith('/docs/'), `${href}: the page resolves it (${pageHref})`);
      assert.equal(twinText, `[x](https://docs.example${pageHref})`, href);
    }
  });
});
