import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { refreshSearchIndex, updateDoc } from '../../src/serve/incremental.ts';
import { copyFixture } from '../helpers/fixtures.ts';

const files = (folder: string) =>
  new Map(
    fs
      .readdirSync(folder, { recursive: true })
      .map(String)
      .filter((file) => fs.statSync(path.join(folder, file)).isFile())
      .map((file) => [file, fs.readFileSync(path.join(folder, file))]),
  );

test('watch mode\'s search refresh rewrites only the index files that changed, and ends with the index a full build writes', async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(built.ok && built.state);
  const index = path.join(site, 'dist/pagefind');
  const inodes = new Map([...files(index).keys()].map((file) => [file, fs.statSync(path.join(index, file)).ino]));

  const source = path.join(site, 'content/docs/infinity/guides/second-guide.md');
  fs.appendFileSync(source, '\nZanzibarian quokkas were added while watching.\n');
  assert.equal(updateDoc(built.state, path.relative(site, source)).kind, 'updated');
  await refreshSearchIndex(built.state);

  const full = await build(loaded, { outDir: path.join(site, 'dist-full'), reportDir: path.join(site, '.portal', 'reports-full') });
  assert.ok(full.ok);
  const expected = files(path.join(site, 'dist-full/pagefind'));
  for (const file of expected.keys()) if (/\.(br|gz)$/.test(file)) expected.delete(file); // the refresh leaves compression to the next build
  const refreshed = files(index);
  assert.deepEqual([...refreshed.keys()].sort(), [...expected.keys()].sort(), 'the same files, no stale sibling or leftover');
  for (const [file, contents] of expected) assert.ok(contents.equals(refreshed.get(file)!), file);

  const rewritten = [...refreshed.keys()].filter((file) => inodes.get(file) !== fs.statSync(path.join(index, file)).ino);
  assert.ok(rewritten.length > 0 && rewritten.length < refreshed.size / 2, `${rewritten.length} of ${refreshed.size} files rewritten: ${rewritten.join(', ')}`);
});

test('a refresh stopped by a newer save writes nothing, and the next refresh goes ahead', { timeout: 120_000 }, async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(built.ok && built.state);
  const index = path.join(site, 'dist/pagefind');
  const before = files(index);
  const source = path.join(site, 'content/docs/infinity/guides/second-guide.md');

  // Stopped at once (before Pagefind has its turn), and on the next turn of the event loop (while
  // it indexes): neither writes a file. Each after an edit of its own, so no index is cached.
  for (const [edit, stop] of [['Zanzibarian', (abort: () => void) => abort()], ['Quokkas', (abort: () => void) => setTimeout(abort, 0)]] as const) {
    fs.appendFileSync(source, `\n${edit} were added while watching.\n`);
    assert.equal(updateDoc(built.state, path.relative(site, source)).kind, 'updated');
    const controller = new AbortController();
    const refresh = refreshSearchIndex(built.state, controller.signal);
    stop(() => controller.abort());
    await assert.rejects(refresh);
    const now = files(index);
    assert.deepEqual([...now.keys()].sort(), [...before.keys()].sort());
    for (const [file, contents] of before) assert.ok(contents.equals(now.get(file)!), `${file} is as before`);
  }
  // Pagefind is free again: the next refresh writes the new words.
  await refreshSearchIndex(built.state);
  assert.ok(![...files(index)].every(([file, contents]) => before.get(file)?.equals(contents)), 'the refresh after them writes the index');
});

test('a second refresh takes the page documents it read before from memory, not from the build cache, and indexes the edit', { timeout: 120_000 }, async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  assert.ok(built.ok && built.state?.cache);
  const state = built.state;
  const store = state.cache!.search;
  const read = store.get.bind(store);
  let documentsRead = 0;
  store.get = (key, ...rest) => {
    const entry = read(key, ...rest);
    if (entry && 'document' in entry) documentsRead++;
    return entry;
  };
  const source = path.join(site, 'content/docs/infinity/guides/second-guide.md');
  fs.appendFileSync(source, '\nZanzibarian quokkas were added while watching.\n');
  assert.equal(updateDoc(state, path.relative(site, source)).kind, 'updated');
  await refreshSearchIndex(state);
  const first = documentsRead;
  const index = files(path.join(site, 'dist/pagefind'));
  assert.ok(first > 2, `the first refresh reads the other pages' documents from the cache (${first})`);

  fs.appendFileSync(source, '\nWombats too.\n');
  assert.equal(updateDoc(state, path.relative(site, source)).kind, 'updated');
  documentsRead = 0;
  await refreshSearchIndex(state);
  assert.equal(documentsRead, 0, 'no document read from the cache again');
  const again = files(path.join(site, 'dist/pagefind'));
  assert.ok(![...again].every(([file, contents]) => index.get(file)?.equals(contents)), 'the edit is indexed');
});
