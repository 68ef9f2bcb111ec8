import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite, builtFixture, copyFixture } from '../helpers/fixtures.ts';

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

/** The entry script and every chunk it imports statically: what a page loads before any reader action. */
function firstLoadScripts(root: string): { static: string[]; dynamic: string[] } {
  const html = fs.readFileSync(path.join(root, 'dist/docs/infinity/introduction/index.html'), 'utf8');
  const seen = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = fs.readFileSync(path.join(root, 'dist', url), 'utf8');
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"(\/assets\/[^"]+\.js)"/g)) visit(imported);
    for (const [, imported] of code.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) dynamic.add(imported);
  };
  visit(/<script type="module" src="([^"]+)"/.exec(html)![1]);
  return { static: [...seen], dynamic: [...dynamic] };
}

test('what the first paint does not need loads on first use: search, page actions, zoom, shortcuts, code copy, the TOC mark', async () => {
  const { root, summary } = await builtFixture('basic');
  assert.equal(summary.ok, true);
  const scripts = firstLoadScripts(root);
  const lazy = ['SearchDialog', 'page-actions', 'zoom', 'shortcuts', 'copy-code', 'current-section'];
  for (const name of lazy) {
    assert.ok(scripts.dynamic.some((url) => url.includes(`/chunks/${name}.`)), `${name} is a chunk loaded on demand`);
    assert.ok(!scripts.static.some((url) => url.includes(`/chunks/${name}.`)), `${name} is not loaded with the page`);
  }
  // Nothing of theirs is bundled into the first-load scripts either.
  const firstLoad = scripts.static.map((url) => fs.readFileSync(path.join(root, 'dist', url), 'utf8')).join('\n');
  for (const marker of ['zoom-stage', 'shortcuts-list', 'Page copied as Markdown', 'Press Ctrl+C']) {
    assert.ok(!firstLoad.includes(marker), `"${marker}" is not in the first-load JavaScript`);
  }
});
