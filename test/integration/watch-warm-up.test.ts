// Watch mode renders docs on the main thread before it serves (src/serve/warm-up.ts), so the
// first save does not run an unoptimised Markdown pipeline. That render must leave no trace: the
// output and the site state the saves rebuild from stay as the build left them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { warmMarkdownPipeline } from '../../src/serve/warm-up.ts';
import { copyFixture } from '../helpers/fixtures.ts';

const snapshot = (folder: string) =>
  new Map(
    (fs.readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => fs.lstatSync(path.join(folder, file)).isFile())
      .map((file) => [file, `${fs.statSync(path.join(folder, file)).mtimeMs} ${fs.readFileSync(path.join(folder, file)).toString('base64')}`]),
  );

test('the warm-up before watch mode serves renders the docs and changes neither the output nor the site state', { timeout: 120_000 }, async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const outDir = path.join(site, 'dist');
  const built = await build(loaded, { outDir, reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(built.ok && built.state);
  const state = built.state;
  const before = snapshot(outDir);
  const pages = new Map(state.table);
  const pageJson = JSON.stringify([...state.table.values()]);
  const docs = [...state.docs];

  const rendered = warmMarkdownPipeline(state);

  assert.equal(rendered, docs.filter((doc) => !doc.partials).length, 'every doc of a small site is rendered');
  assert.deepEqual(snapshot(outDir), before, 'no output file written, removed or touched');
  assert.deepEqual(state.docs, docs);
  for (const [route, page] of pages) assert.equal(state.table.get(route), page, `${route}: the same page object`);
  assert.equal(JSON.stringify([...state.table.values()]), pageJson, 'no page changed');
});
