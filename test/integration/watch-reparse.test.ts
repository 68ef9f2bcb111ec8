import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { copyFixture, read } from '../helpers/fixtures.ts';

// Watch mode parses only the blocks a save changed (src/markdown/reparse.ts). What it writes after
// saves here and there in a doc must be what a full build writes for the saved file: the page's
// article (its headings' ids and table of contents are worked out from the whole tree) and its twin.

const article = (html: string) => /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? assert.fail('the page has an article');

test('saves in the middle, at the start and at the end of a doc write what a full build writes', async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(built.ok && built.state);
  const file = path.join(site, 'content/docs/infinity/guides/first-guide.md');
  const edits: [string, (text: string) => string][] = [
    ['a paragraph after the admonition', (text) => text.replace('```ts title', 'A paragraph a writer adds.\n\n```ts title')],
    ['a heading before the table', (text) => text.replace('| Column |', '## A new section\n\nIts text.\n\n| Column |')],
    ['the admonition loses its closing line (the save fails, as a build would)', (text) => text.replace('Install the tools.\n\n:::\n', 'Install the tools.\n\n')],
    ['the admonition gets it back', (text) => text.replace('Install the tools.\n\n', 'Install the tools, then sign in.\n\n:::\n')],
    ['a line at the end', (text) => `${text.trimEnd()}\n\nThe last line, added while serving.\n`],
  ];
  for (const [name, edit] of edits) {
    fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
    const result = updateDoc(built.state, file);
    if (name.includes('the save fails')) {
      assert.equal(result.kind, 'failed', name);
      continue;
    }
    assert.equal(result.kind, 'updated', name);
    if (result.kind === 'updated') result.writeTwin();
    const full = await build(loaded, { outDir: path.join(site, 'dist-full'), reportDir: path.join(site, '.portal', 'reports-full') });
    assert.ok(full.ok, name);
    const page = 'docs/infinity/guides/first-guide/index.html';
    assert.equal(article(read(site, `dist/${page}`)), article(read(site, `dist-full/${page}`)), name);
    assert.equal(read(site, 'dist/docs/infinity/guides/first-guide.md'), read(site, 'dist-full/docs/infinity/guides/first-guide.md'), name);
  }
  assert.match(read(site, 'dist/docs/infinity/guides/first-guide/index.html'), /id="a-new-section"/);
});
