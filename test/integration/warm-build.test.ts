// A warm build (the cache folder kept from the build before) must write exactly what a cold
// build of the same sources writes: wrong reuse is the failure that matters. Each step edits one
// kind of input, builds warm, builds cold with no cache at all, and compares every output byte.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { build, type BuildSummary } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { siteWithEverySource, writePackage } from '../helpers/every-source.ts';
import { addConfig } from '../helpers/fixtures.ts';

const cacheDir = '.portal-cache';

async function buildInto(site: string, outDir: string): Promise<BuildSummary> {
  const loaded = await loadConfig('portal.config.ts', site);
  const summary = await build(loaded, { outDir: path.join(site, outDir), reportDir: path.join(site, '.portal', 'reports') });
  assert.equal(summary.ok, true, `build into ${outDir} failed: ${summary.errors.map((error) => error.message).join('; ')}`);
  return summary;
}

/** A cold build of the same folder: the warm cache is set aside (not deleted) while it runs. */
async function coldBuild(site: string): Promise<BuildSummary> {
  const warm = path.join(site, cacheDir);
  const aside = path.join(site, `${cacheDir}-aside`);
  fs.renameSync(warm, aside);
  try {
    return await buildInto(site, 'dist-cold');
  } finally {
    fs.rmSync(warm, { recursive: true, force: true });
    fs.renameSync(aside, warm);
  }
}

function filesUnder(folder: string): string[] {
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(folder, entry)).isFile()).sort();
}

function assertSameOutput(site: string, step: string) {
  const warm = path.join(site, 'dist');
  const cold = path.join(site, 'dist-cold');
  assert.deepEqual(filesUnder(warm), filesUnder(cold), `${step}: the warm and cold builds wrote different files`);
  for (const file of filesUnder(cold)) {
    const same = fs.readFileSync(path.join(warm, file)).equals(fs.readFileSync(path.join(cold, file)));
    assert.ok(same, `${step}: ${file} differs between the warm and the cold build`);
  }
}

function edit(site: string, file: string, change: (text: string) => string) {
  const absolute = path.join(site, file);
  const before = fs.readFileSync(absolute, 'utf8');
  const after = change(before);
  assert.notEqual(after, before, `the edit of ${file} changed nothing`);
  fs.writeFileSync(absolute, after);
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The blob in the cache that holds the bytes a built file has now (blobs are named by their hash). */
function blobOf(site: string, builtFile: string): string {
  const hash = sha256(fs.readFileSync(path.join(site, 'dist', builtFile)));
  return path.join(site, cacheDir, 'build', 'blobs', hash.slice(0, 2), hash.slice(2));
}

/** Changes one byte of a file in place and puts its times back, so only its bytes tell. */
function changeOneByte(file: string) {
  const { atime, mtime } = fs.statSync(file);
  const bytes = fs.readFileSync(file);
  bytes[bytes.length >> 1] ^= 0x20;
  const descriptor = fs.openSync(file, 'r+');
  fs.writeSync(descriptor, bytes, 0, bytes.length, 0);
  fs.closeSync(descriptor);
  fs.utimesSync(file, atime, mtime);
}

/** Every blob in the cache holds the bytes its name is the hash of. */
function assertBlobsIntact(site: string) {
  const blobs = path.join(site, cacheDir, 'build', 'blobs');
  for (const file of filesUnder(blobs)) {
    assert.equal(sha256(fs.readFileSync(path.join(blobs, file))), file.split(path.sep).join(''), `the blob ${file} does not hold its bytes`);
  }
}

/** No built file shares its bytes (its inode) with a blob of the cache: an edit of one cannot reach the other. */
function assertOutputApartFromCache(site: string) {
  const blobs = path.join(site, cacheDir, 'build', 'blobs');
  const inodes = new Set(filesUnder(blobs).map((file) => fs.statSync(path.join(blobs, file)).ino));
  const dist = path.join(site, 'dist');
  for (const file of filesUnder(dist)) assert.ok(!inodes.has(fs.statSync(path.join(dist, file)).ino), `dist/${file} is linked to a blob of the cache`);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('warm builds', () => {
  const site = siteWithEverySource();
  // Brotli and gzip siblings on, so their reuse from the cache is compared byte for byte too.
  addConfig(site, 'precompress: true,');
  const steps: { name: string; apply: () => void; reused: (summary: BuildSummary) => void }[] = [
    {
      name: 'a page',
      apply: () => edit(site, 'content/docs/infinity/guides/first-guide.md', (text) => `${text}\nA sentence added after the first build.\n`),
      reused: (summary) => assert.equal(summary.cache!.docs.misses, 1, 'only the edited doc is rendered again'),
    },
    {
      name: 'an image a page shows',
      apply: () => edit(site, 'content/docs/infinity/guides/img/flow.svg', (text) => text.replace('</svg>', '<circle cx="4" cy="4" r="2"/></svg>')),
      reused: (summary) => assert.equal(summary.cache!.docs.misses, 1, 'only the doc that shows the image is rendered again'),
    },
    {
      name: 'a sidebar position',
      apply: () => edit(site, 'content/docs/infinity/guides/second-guide.md', (text) => text.replace('sidebar_position: 2', 'sidebar_position: 0')),
      reused: (summary) => assert.ok(summary.cache!.search.hits > 0, 'search parts of pages that did not change are reused'),
    },
    {
      name: 'a config value',
      apply: () => edit(site, 'portal.config.ts', (text) => text.replace("tagline: 'A small site for the tests'", "tagline: 'A small site, edited'")),
      reused: (summary) => assert.ok(summary.cache!.docs.hits > 0, 'docs do not depend on the tagline'),
    },
    {
      name: 'an OpenAPI spec',
      apply: () => edit(site, 'specs/shop.yaml', (text) => text.replace('summary: Get a token', 'summary: Get an access token')),
      reused: (summary) => assert.ok(summary.cache!.pages.hits > 0, 'pages that did not change are not rendered again'),
    },
    {
      name: 'a package version',
      apply: () => writePackage(site, '1.0.1', 'Opens a session with the given name.'),
      reused: (summary) => assert.ok(summary.cache!.pages.hits > 0, 'pages that did not change are not rendered again'),
    },
    {
      // Copied files are known by their identity (inode, size, times): an edit in place that
      // keeps the size must still be seen.
      name: 'a static file in place, same size',
      apply: () => {
        const file = path.join(site, 'content', 'static', 'img', 'logo.svg');
        const text = fs.readFileSync(file, 'utf8');
        const changed = text.replace(/#([0-9a-fA-F])/, (_, digit: string) => `#${digit === '0' ? '1' : '0'}`);
        assert.notEqual(changed, text, 'the logo has a colour to change');
        fs.writeFileSync(file, changed);
      },
      reused: (summary) => assert.ok(summary.cache!.pages.hits > 0, 'pages are still reused'),
    },
    {
      // Reused pages are linked from the blob store by hash: a blob that is gone is made again.
      name: 'nothing, with half the blobs deleted from the cache',
      apply: () => {
        const blobs = path.join(site, cacheDir, 'build', 'blobs');
        const all = filesUnder(blobs);
        assert.ok(all.length > 10);
        all.forEach((file, index) => index % 2 === 0 && fs.rmSync(path.join(blobs, file)));
      },
      reused: (summary) => assert.ok(summary.cache!.docs.hits > 0, 'docs are still reused'),
    },
    (() => {
      // A blob cut short in the cache (a full disk, a half-restored cache): never published again.
      let blob = '';
      return {
        name: "nothing, with a page's blob cut to 0 bytes in the cache",
        apply: () => {
          blob = blobOf(site, 'index.html');
          fs.truncateSync(blob, 0);
        },
        reused: (summary: BuildSummary) => {
          assert.ok(summary.cache!.docs.hits > 0, 'docs are still reused');
          assert.ok(fs.statSync(blob).size > 0, 'the blob is written again');
          assertBlobsIntact(site);
        },
      };
    })(),
    (() => {
      // A byte changed in place with the times put back: only the blob's hash can tell.
      let blobs: string[] = [];
      return {
        name: 'nothing, with a byte changed in the blobs of page data, a Brotli sibling, a static file and a social card',
        apply: () => {
          const card = fs.readdirSync(path.join(site, 'dist', 'assets', 'social'))[0];
          blobs = ['_data/docs/infinity/introduction.json', 'docs/infinity/introduction/index.html.br', 'img/logo.svg', `assets/social/${card}`].map((file) => blobOf(site, file));
          blobs.forEach(changeOneByte);
        },
        reused: (summary: BuildSummary) => {
          assert.ok(summary.cache!.pages.hits > 0, 'pages are still reused');
          assertBlobsIntact(site);
          for (const blob of blobs) assert.ok(fs.existsSync(blob), `${blob} is written again`);
        },
      };
    })(),
    {
      // The output is plain files: an edit of one in place (a tool that rewrites built HTML, say)
      // changes that file alone, never the cache, so the next build reuses every page as it was.
      name: 'built files in place, one grown, one the same size with its times put back, one cut short',
      apply: () => {
        fs.appendFileSync(path.join(site, 'dist', 'index.html'), '<p>added to the output</p>');
        changeOneByte(path.join(site, 'dist', 'docs', 'infinity', 'introduction', 'index.html'));
        fs.truncateSync(path.join(site, 'dist', 'docs', 'infinity', 'introduction', 'index.html.br'), 10);
        assertBlobsIntact(site);
      },
      reused: (summary) => {
        assertOutputApartFromCache(site);
        assert.equal(summary.cache!.docs.misses, 0, 'no doc is rendered again: the cache was not touched');
        assert.equal(summary.cache!.pages.misses, 0, 'no page is rendered again: the cache was not touched');
        assertBlobsIntact(site);
      },
    },
    {
      // The cache's social cards are published as they are: one damaged is drawn again.
      name: 'nothing, with a social card cut short and another with a byte changed in the cache',
      apply: () => {
        const folder = path.join(site, cacheDir, 'social-cards');
        const cards = fs.readdirSync(folder).filter((file) => file.endsWith('.png'));
        assert.ok(cards.length >= 2, 'the site has cards to damage');
        fs.truncateSync(path.join(folder, cards[0]), 100);
        changeOneByte(path.join(folder, cards[1]));
      },
      reused: (summary) => {
        assert.equal(summary.socialCards?.drawn, 2, 'the two damaged cards are drawn again, and only they');
        const published = path.join(site, 'dist', 'assets', 'social');
        for (const card of fs.readdirSync(published)) assert.ok(fs.readFileSync(path.join(published, card)).subarray(0, 8).equals(pngSignature), `${card} is a PNG`);
      },
    },
    {
      name: 'nothing, with the search store deleted from the cache',
      apply: () => fs.rmSync(path.join(site, cacheDir, 'build', 'search.v8')),
      reused: (summary) => assert.ok(summary.cache!.search.misses > 0, 'the pages are indexed again'),
    },
  ];

  test('the first build fills the cache', async () => {
    const summary = await buildInto(site, 'dist');
    assert.equal(summary.cache!.docs.hits, 0);
    assert.ok(summary.cache!.docs.misses > 0);
  });

  for (const step of steps) {
    test(`after editing ${step.name}, a warm build writes what a cold build writes, byte for byte`, async () => {
      step.apply();
      const warm = await buildInto(site, 'dist');
      step.reused(warm);
      const cold = await coldBuild(site);
      assert.equal(cold.cache!.docs.hits, 0, 'the cold build had no cache');
      assertSameOutput(site, step.name);
    });
  }

  test('a build with nothing changed reuses every page and search part', async () => {
    const summary = await buildInto(site, 'dist');
    assert.equal(summary.cache!.docs.misses, 0);
    assert.equal(summary.cache!.pages.misses, 0);
    assert.equal(summary.cache!.search.misses, 0);
    assertOutputApartFromCache(site);
  });
});
