// Watch mode and Docusaurus tags: a page's tags list it on its tag pages, which only a full build writes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { copyFixture } from '../helpers/fixtures.ts';

test('watch mode: a saved page whose tags changed is built in full; one whose text alone changed is updated in place', async () => {
  const site = copyFixture('basic');
  const doc = path.join(site, 'content/docs/infinity/guides/second-guide.md');
  const loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.equal(built.ok, true);
  fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace('Back to the', 'Then back to the'));
  assert.equal(updateDoc(built.state!, doc).kind, 'updated');
  fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace('sidebar_position: 2\n', 'sidebar_position: 2\ntags: [setup]\n'));
  assert.equal(updateDoc(built.state!, doc).kind, 'full');
});
