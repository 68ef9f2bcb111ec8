// A doc's twin is made from the parse its page renderer made (a copy taken before the page's
// plugins change it), not by parsing the text again. This holds only while both read the same
// syntax: the twin from the handed-over parse must equal the twin parsed on its own, for every
// doc of the portal and of the Docusaurus fixtures.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { guideTwinBody } from '../../src/markdown-twins/guide.ts';
import { createMarkdownProcessor, renderMarkdown } from '../../src/markdown/pipeline.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { imagesBesideThePage } from '../helpers/twin-images.ts';

const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined });
const resolvers = { siteUrl: 'https://docs.example', markdownLink: (href: string) => `/docs/elsewhere${href.includes('#') ? href.slice(href.indexOf('#')) : ''}`, assetOf: () => '/assets/image.png', images: imagesBesideThePage, symbolRoute: (name: string) => (name === 'createInfinityClient' ? '/docs/infinity/reference/create' : undefined) };

function docsUnder(folder: string): string[] {
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter((file) => /\.mdx?$/.test(file)).map((file) => path.join(folder, file));
}

test('the twin from the page renderer\'s parse equals the twin parsed on its own, for every real doc', () => {
  const files = [...docsUnder(path.join(repoRoot, 'content', 'docs')), ...docsUnder(path.join(repoRoot, 'test', 'fixtures'))];
  assert.ok(files.length > 80, `only ${files.length} docs found`);
  for (const file of files) {
    const body = fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const rendered = renderMarkdown(processor, body, file, 0, { keepSource: true });
    assert.ok(rendered.source, 'the parse is handed over');
    const source = { route: '/docs/area/page', body, absoluteFile: file };
    assert.equal(guideTwinBody(source, resolvers, rendered.source), guideTwinBody(source, resolvers), `${path.relative(repoRoot, file)}: the twins differ`);
  }
});
