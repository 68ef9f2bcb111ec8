import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite, copyFixture } from '../helpers/fixtures.ts';

const guide = 'content/docs/infinity/guides/second-guide.md';
const guideHtml = 'dist/docs/infinity/guides/second-guide/index.html';

test('a cache store that cannot be written is a warning naming it: the build succeeds and its output is swapped in', async () => {
  const site = copyFixture('basic');
  // A folder where the store's file goes: reading it is a miss, writing it fails.
  const store = path.join(site, '.portal-cache', 'build', 'pages.v8');
  fs.mkdirSync(path.join(store, 'inside'), { recursive: true });
  fs.appendFileSync(path.join(site, guide), '\nAn edit the build must publish.\n');
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, JSON.stringify(summary.errors));
  const warning = summary.warnings.find((problem) => problem.file === store);
  assert.ok(warning, `a warning names ${store}: ${JSON.stringify(summary.warnings)}`);
  assert.match(warning.message, /could not be saved/);
  assert.match(warning.hint ?? '', /delete/);
  assert.match(fs.readFileSync(path.join(site, guideHtml), 'utf8'), /An edit the build must publish\./);
  // The other stores were saved all the same.
  assert.ok(fs.statSync(path.join(site, '.portal-cache', 'build', 'docs.v8')).isFile());
  assert.deepEqual(fs.readdirSync(path.join(site, '.portal-cache', 'build')).filter((name) => name.endsWith('.tmp')), [], 'no partial store left');
});
