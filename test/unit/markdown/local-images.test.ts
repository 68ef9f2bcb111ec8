import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { AssetRegistry } from '../../../src/content/assets.ts';
import { createDocRendering } from '../../../src/content/doc-pages.ts';
import type { DocSource } from '../../../src/content/docs.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';
import { renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { guideTwinBody } from '../../../src/markdown-twins/guide.ts';

// A 1x1 PNG, written where each case needs it.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'local-images-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
const put = (relative: string) => {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), png);
};
// "/img/served.png" is in content/static only; "/img/beside-config.png" only at the project root
// (where a "/" path would name it if the rule were the project, not the static folder).
put('content/static/img/served.png');
put('img/beside-config.png');
put('content/docs/area/shot.png');
const file = path.join(root, 'content/docs/area/page.md');
const doc: DocSource = { id: 'area/page', file: 'content/docs/area/page.md', absoluteFile: file, folder: 'area', route: '/docs/area/page', frontMatter: {}, body: '', bodyLineOffset: 0 };
const { processor, twin } = createDocRendering([doc], new AssetRegistry(), { root, siteUrl: 'https://docs.example' });

function both(src: string): { page: { src?: string; problems: string[] }; twin: string } {
  const markdown = `![A picture](${src})`;
  const rendered = renderMarkdown(processor, markdown, file);
  const html = renderArticle(rendered.hast);
  return {
    page: { src: /<img [^>]*src="([^"]*)"/.exec(html)?.[1], problems: rendered.messages.filter((message) => message.fatal).map((message) => message.message) },
    twin: guideTwinBody({ route: doc.route, body: markdown, absoluteFile: file }, twin),
  };
}

describe('a local image is found by one rule on the page and in its twin', () => {
  test('"/img/…" is a file of content/static: shown by the page, linked by the twin', () => {
    const { page, twin: markdown } = both('/img/served.png');
    assert.deepEqual(page, { src: '/img/served.png', problems: [] });
    assert.equal(markdown, '![A picture](https://docs.example/img/served.png)');
  });

  test('"/img/…" that exists only at the project root is missing for both: the twin does not link the site to it', () => {
    const { page, twin: markdown } = both('/img/beside-config.png');
    assert.deepEqual(page.problems, ['image "/img/beside-config.png" not found']);
    assert.equal(markdown, '![A picture](/img/beside-config.png)', 'left as written, as a missing relative image is');
  });

  test('an image beside the page is published once, under the same URL for both', () => {
    const { page, twin: markdown } = both('./shot.png');
    assert.match(page.src ?? '', /^\/assets\/shot\.[0-9a-f]{10}\.png$/);
    assert.equal(markdown, `![A picture](https://docs.example${page.src})`);
  });
});
