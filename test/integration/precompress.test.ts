import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { buildSite, builtFixture, copyFixture } from '../helpers/fixtures.ts';

const files = (folder: string) => fs.readdirSync(folder, { recursive: true }).map(String).filter((file) => fs.statSync(path.join(folder, file)).isFile());

test('the build writes Brotli and gzip siblings that decompress to each text file, and none for Pagefind index files', async () => {
  const { root: site, summary } = await builtFixture('basic');
  assert.ok(summary.ok, JSON.stringify(summary.errors));
  const dist = path.join(site, 'dist');
  const all = new Set(files(dist));
  const textFiles = [...all].filter((file) => /\.(html|js|css|json|svg|xml|txt)$/.test(file) && fs.statSync(path.join(dist, file)).size >= 1024);
  assert.ok(textFiles.some((file) => file.endsWith('index.html')) && textFiles.some((file) => file.startsWith('assets/') && file.endsWith('.js')), 'pages and the client bundle are among them');
  for (const file of textFiles) {
    const original = fs.readFileSync(path.join(dist, file));
    assert.ok(all.has(`${file}.br`) && all.has(`${file}.gz`), `${file} has both siblings`);
    assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${file}.br`))), original, `${file}.br`);
    assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(dist, `${file}.gz`))), original, `${file}.gz`);
  }
  assert.deepEqual([...all].filter((file) => /\.pf_\w+\.(br|gz)$/.test(file)), [], 'Pagefind compresses its own index');
  assert.deepEqual([...all].filter((file) => /\.(br|gz)$/.test(file) && !all.has(file.slice(0, -3))), [], 'no sibling without its file');
});

test('a build that fails after its pages were queued for compression leaves the last good output and no staging folder', async () => {
  const site = copyFixture('basic');
  assert.ok((await buildSite(site)).ok);
  const before = fs.readFileSync(path.join(site, 'dist/index.html'), 'utf8');
  // A broken link fails the link phase, which runs after every page was rendered and queued.
  fs.appendFileSync(path.join(site, 'content/docs/infinity/guides/second-guide.md'), '\n[broken](/docs/no-such-page)\n');
  const failed = await buildSite(site);
  assert.equal(failed.ok, false);
  await new Promise((resolve) => setTimeout(resolve, 200)); // compressions still running finish
  assert.equal(fs.readFileSync(path.join(site, 'dist/index.html'), 'utf8'), before);
  assert.deepEqual(fs.readdirSync(site).filter((name) => name.startsWith('dist.')), []);
});

test('watch mode rewriting one page removes its stale Brotli and gzip siblings', async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const summary = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(summary.ok && summary.state);
  const page = path.join(site, 'dist/docs/infinity/guides/second-guide/index.html');
  assert.ok(fs.existsSync(`${page}.br`) && fs.existsSync(`${page}.gz`), 'the full build wrote both siblings');
  const source = path.join(site, 'content/docs/infinity/guides/second-guide.md');
  fs.appendFileSync(source, '\nA sentence added while watching.\n');
  const result = updateDoc(summary.state, path.relative(site, source));
  assert.equal(result.kind, 'updated');
  assert.match(fs.readFileSync(page, 'utf8'), /A sentence added while watching/);
  assert.ok(!fs.existsSync(`${page}.br`) && !fs.existsSync(`${page}.gz`), 'no sibling holds the old page');
});
