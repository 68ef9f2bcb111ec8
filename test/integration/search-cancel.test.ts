// Watch mode stops a search index that a newer save made stale (src/search/build-index.ts,
// pagefind-requests.ts). Stopped while Pagefind was still taking a site's pages, Pagefind's client
// once printed a stack trace for every page it had not sent and held the event loop for seconds;
// stopped before its turn of the service, an index went on to build in full when the turn came.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from '../../src/page.ts';
import { SearchIndexBuilder } from '../../src/search/build-index.ts';

const repo = path.resolve(import.meta.dirname, '..', '..');
const builderModule = path.join(repo, 'src', 'search', 'build-index.ts');

const pageOf = (n: number) => ({ kind: 'doc', route: `/docs/area/page-${n}`, title: `Page ${n}`, toc: [], area: 'area', breadcrumbs: [{ label: 'Area' }] }) as unknown as Page;

test('an index stopped while Pagefind takes its pages prints nothing, and the next index builds', { timeout: 180_000 }, () => {
  // In a process of its own: Pagefind's client and its service print to that process's stderr.
  // Each index is handed 600 pages of ~30 KB at once, and stopped after a different wait: early
  // ones while the service has not read them all, later ones while it indexes.
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-search-cancel-')), 'stop.mts');
  fs.writeFileSync(
    script,
    `import { SearchIndexBuilder } from ${JSON.stringify(builderModule)};
const page = (n) => ({ kind: 'doc', route: '/docs/area/page-' + n, title: 'Page ' + n, toc: [], area: 'area', breadcrumbs: [{ label: 'Area' }] });
const words = Array.from({ length: 4000 }, (_, i) => 'word' + ((i * 7919) % 5003)).join(' ');
const outcomes = [];
for (const delay of [0, 10, 25, 50, 100, 200]) {
  const stale = new SearchIndexBuilder(undefined, { area: 'Area' });
  for (let n = 0; n < 600; n++) stale.add(page(n), '<p>' + words + ' unique' + n + '</p>');
  const finishing = stale.finish();
  await new Promise((resolve) => setTimeout(resolve, delay));
  await stale.cancel();
  outcomes.push(await finishing.then(() => 'finished', (error) => 'failed: ' + error.message));
}
const next = new SearchIndexBuilder(undefined, { area: 'Area' });
next.add(page(1), '<p>quokka</p>');
const { files } = await next.finish();
console.log(JSON.stringify({ outcomes, nextFiles: files.size }));
`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repo, encoding: 'utf8', timeout: 150_000 });
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '', 'neither Pagefind\'s client nor its service prints anything when stopped');
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
  for (const outcome of result.outcomes) assert.match(outcome, /^failed: search index: stopped/, 'a stopped index is not written');
  assert.ok(result.nextFiles > 0, 'the next index has the service to itself');
});

test('an index stopped before its turn of Pagefind starts nothing when the turn comes', { timeout: 120_000 }, async () => {
  const first = new SearchIndexBuilder(undefined, { area: 'Area' });
  for (let n = 0; n < 40; n++) first.add(pageOf(n), `<p>page ${n} quokka</p>`);
  // The second waits for the first's turn to end, and is stopped while it waits.
  const second = new SearchIndexBuilder(undefined, { area: 'Area' });
  second.add(pageOf(100), '<p>zanzibarian</p>');
  const waiting = second.finish();
  await second.cancel();
  assert.ok((await first.finish()).files.size > 0);
  await assert.rejects(waiting, /search index: stopped/);
  // And the service is free for the index after it.
  const third = new SearchIndexBuilder(undefined, { area: 'Area' });
  third.add(pageOf(200), '<p>wombat</p>');
  assert.ok((await third.finish()).files.size > 0);
});
