import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite, copyFixture } from '../helpers/fixtures.ts';

function entryScript(root: string): { name: string; bytes: number } {
  const html = fs.readFileSync(path.join(root, 'dist/docs/infinity/introduction/index.html'), 'utf8');
  const src = /<script type="module" src="([^"]+)"/.exec(html)![1];
  return { name: src, bytes: fs.statSync(path.join(root, 'dist', src)).size };
}

test('the JavaScript every visitor downloads does not grow when the content grows by 500 pages', async () => {
  const root = copyFixture('basic');
  assert.equal((await buildSite(root)).ok, true);
  const before = entryScript(root);
  const folder = path.join(root, 'content/docs/infinity/many');
  fs.mkdirSync(folder);
  for (let i = 0; i < 500; i++) {
    fs.writeFileSync(path.join(folder, `page-${i}.md`), `---\ntitle: Page ${i}\ndescription: Generated page ${i}.\nsidebar_position: ${i}\n---\n\n## Section\n\nText of page ${i}, linking [the introduction](/docs/infinity/introduction).\n`);
  }
  const grown = await buildSite(root);
  assert.equal(grown.ok, true, grown.errors.map((e) => e.message).join('\n'));
  assert.equal(grown.pages.doc, 506);
  assert.deepEqual(entryScript(root), before, 'the same entry bundle, byte for byte');
});
