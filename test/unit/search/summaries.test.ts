import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { test } from 'node:test';
import { pageSummaries } from '../../../src/shared/search/summaries.ts';
import { type SummaryManifest, summaryManifestUrl, summaryShardOf, summaryShardUrl } from '../../../src/shared/search-summaries.ts';
import { summaryFiles as filesOfRows, summaryKeyLength, summaryRows } from '../../../src/search/summaries.ts';

/** The summary files of a bundle's fragments, as the build makes them. */
const summaryFiles = async (files: Map<string, Uint8Array>) => filesOfRows(await summaryRows(files));

/** A fragment as Pagefind writes it: gzip("pagefind_dcd" + JSON). */
const fragment = (url: string, meta: Record<string, string>) => new Uint8Array(zlib.gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(JSON.stringify({ url, content: 'text', word_count: 1, filters: {}, meta, anchors: [] }))])));

function bundle(): Map<string, Uint8Array> {
  return new Map([
    ['pagefind-entry.json', new TextEncoder().encode('{}')],
    ['fragment/en_3fa09c1.pf_fragment', fragment('/docs/infinity/intro/', { title: 'Introduction', area: 'Infinity', breadcrumb: 'Infinity › Introduction', kind: 'doc' })],
    ['fragment/en_3f11111.pf_fragment', fragment('/docs/vpaas/npm/Signal/', { title: 'Signal', area: 'VPaaS', kind: 'reference' })],
    ['fragment/en_a000000.pf_fragment', fragment('/', { title: 'Home' })],
  ]);
}

const text = (contents: string | undefined) => contents ?? '';

test('the key length keeps shards at eight rows or fewer on average', () => {
  assert.equal(summaryKeyLength(0), 1);
  assert.equal(summaryKeyLength(128), 1);
  assert.equal(summaryKeyLength(129), 2);
  assert.equal(summaryKeyLength(1_500), 2);
  assert.equal(summaryKeyLength(5_000), 3);
});

test('summaries are read from the fragments, sharded by page id, under names that follow their content', async () => {
  const files = await summaryFiles(bundle());
  const manifest = JSON.parse(text(files.get('pagefind/summaries.json'))) as SummaryManifest;
  assert.equal(manifest.keyLength, 1);
  assert.match(manifest.version, /^[0-9a-f]{10}$/);
  assert.deepEqual([...files.keys()].sort(), ['pagefind/summaries.json', `pagefind/summaries/3.${manifest.version}.json`, `pagefind/summaries/a.${manifest.version}.json`]);
  assert.deepEqual(JSON.parse(text(files.get(`pagefind/summaries/3.${manifest.version}.json`))), {
    en_3f11111: ['/docs/vpaas/npm/Signal', 'Signal', 'VPaaS', '', 'reference'],
    en_3fa09c1: ['/docs/infinity/intro', 'Introduction', 'Infinity', 'Infinity › Introduction', 'doc'],
  });
  assert.deepEqual(JSON.parse(text(files.get(`pagefind/summaries/a.${manifest.version}.json`))), { en_a000000: ['/', 'Home'] }, 'empty fields at the end are left out');

  const again = await summaryFiles(bundle());
  assert.deepEqual([...again], [...files], 'the same pages give the same bytes');
  const edited = bundle().set('fragment/en_a000000.pf_fragment', fragment('/', { title: 'Welcome' }));
  const changed = JSON.parse(text((await summaryFiles(edited)).get('pagefind/summaries.json'))) as SummaryManifest;
  assert.notEqual(changed.version, manifest.version, 'a changed title renames the shards');
});

test('a file that is not a Pagefind fragment fails the build, naming it', async () => {
  const broken = bundle().set('fragment/en_bad.pf_fragment', new Uint8Array(zlib.gzipSync('not a fragment')));
  await assert.rejects(summaryFiles(broken), /fragment\/en_bad\.pf_fragment is not a Pagefind fragment/);
});

test('the dialog reads the manifest once and each shard once, as hits need them', async () => {
  const files = await summaryFiles(bundle());
  const requested: string[] = [];
  const summaries = pageSummaries(async (url) => {
    requested.push(url);
    const file = files.get(url.slice(1));
    return file && JSON.parse(file);
  });
  assert.deepEqual(await summaries.get('en_3fa09c1'), { url: '/docs/infinity/intro', title: 'Introduction', area: 'Infinity', breadcrumb: 'Infinity › Introduction', kind: 'doc' });
  assert.deepEqual(await summaries.get('en_3f11111'), { url: '/docs/vpaas/npm/Signal', title: 'Signal', area: 'VPaaS', breadcrumb: undefined, kind: 'reference' });
  assert.equal(await summaries.get('en_3000000'), undefined, 'an id the shard does not have');
  assert.equal(await summaries.get('en_b000000'), undefined, 'a shard that is not there');
  const manifest = JSON.parse(text(files.get('pagefind/summaries.json'))) as SummaryManifest;
  assert.deepEqual(requested, [summaryManifestUrl, summaryShardUrl(manifest, '3'), summaryShardUrl(manifest, 'b')]);
  assert.equal(summaryShardOf('en_3fa09c1', 2), '3f');
});

test('without a manifest (an index from before summaries) every page goes without one', async () => {
  const summaries = pageSummaries(async () => undefined);
  assert.equal(await summaries.get('en_3fa09c1'), undefined);
  const failing = pageSummaries(async () => {
    throw new Error('offline');
  });
  assert.equal(await failing.get('en_3fa09c1'), undefined);
});
