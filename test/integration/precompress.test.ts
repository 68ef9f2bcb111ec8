import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { createStaticServer } from '../../src/serve/server.ts';
import { addConfig, buildSite, builtFixture, copyFixture } from '../helpers/fixtures.ts';

const files = (folder: string) => fs.readdirSync(folder, { recursive: true }).map(String).filter((file) => fs.statSync(path.join(folder, file)).isFile());

/** A copy of the basic fixture with the config's `precompress` on. */
function precompressedFixture(): string {
  const site = copyFixture('basic');
  addConfig(site, 'precompress: true,');
  return site;
}

test('by default the build writes no Brotli or gzip sibling, and portal serve compresses text as it sends it', async () => {
  const { root: site, summary } = await builtFixture('basic');
  assert.ok(summary.ok, JSON.stringify(summary.errors));
  const dist = path.join(site, 'dist');
  assert.deepEqual(files(dist).filter((file) => /\.(br|gz)$/.test(file)), []);
  const page = 'docs/infinity/introduction/index.html';
  const original = fs.readFileSync(path.join(dist, page));
  assert.ok(original.length >= 1024, 'the page is large enough to compress');
  const server = createStaticServer({ root: dist, port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const get = (encoding: string, etag?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { 'Accept-Encoding': encoding };
        if (etag) headers['If-None-Match'] = etag;
        http
          .get({ host: '127.0.0.1', port, path: '/docs/infinity/introduction', headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const brotli = await get('br');
    assert.equal(brotli.headers['content-encoding'], 'br');
    // A page answer varies on Accept too (it has a Markdown twin).
    assert.equal(brotli.headers.vary, 'Accept, Accept-Encoding');
    assert.deepEqual(zlib.brotliDecompressSync(brotli.bytes), original);
    assert.ok(brotli.bytes.length < original.length);
    // The second answer comes from memory and is the same; its validator is its own.
    assert.deepEqual((await get('br')).bytes, brotli.bytes);
    assert.equal((await get('br', String(brotli.headers.etag))).status, 304);
    const gzipped = await get('gzip, br;q=0.5');
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gzipped.bytes), original);
    assert.notEqual(gzipped.headers.etag, brotli.headers.etag);
    const plain = await get('identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.bytes, original);
    assert.equal((await get('identity', String(brotli.headers.etag))).status, 200, "the Brotli body's validator does not match the file itself");
  } finally {
    server.close();
  }
});

test('with precompress on, the build writes Brotli and gzip siblings that decompress to each text file, and none for Pagefind index files', async () => {
  const site = precompressedFixture();
  const summary = await buildSite(site);
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
  const site = precompressedFixture();
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
  const site = precompressedFixture();
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
