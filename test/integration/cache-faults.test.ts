import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { spawn, spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import type { PortalError } from '../../src/errors.ts';
import { buildSite, copyFixture, repoRoot, snapshotTree } from '../helpers/fixtures.ts';

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

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

/** The basic fixture with the reference of one small installed package. */
function siteWithPackage(): string {
  const site = copyFixture('basic');
  const dir = path.join(site, 'node_modules', '@fixture', 'session');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/session', version: '1.0.0', types: 'dist/index.d.ts' }));
  fs.writeFileSync(path.join(dir, 'dist', 'index.d.ts'), '/** Opens a session. */\nexport declare function openSession(name: string): Promise<void>;\n');
  const config = path.join(site, 'portal.config.ts');
  const extra = `  npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/session'] }],\n`;
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('  licenseRequest:', `${extra}  licenseRequest:`));
  return site;
}

test('cache files of the wrong shape are misses: the build makes their content again and succeeds', async () => {
  const site = siteWithPackage();
  const first = await buildSite(site);
  assert.equal(first.ok, true, JSON.stringify(first.errors));
  assert.deepEqual(first.typedoc?.converted, ['@fixture/session']);
  const cache = path.join(site, '.portal-cache');
  const models = fs.readdirSync(path.join(cache, 'typedoc')).filter((name) => name.startsWith('@fixture__session@') && name.endsWith('.json'));
  assert.equal(models.length, 1, `one cached model: ${models}`);
  const before = fs.readFileSync(path.join(site, guideHtml), 'utf8');

  // A store holding a string, not a map of entries; another whose path is a folder; a TypeDoc
  // model that is an empty object; and no reference store, so the model is read.
  fs.writeFileSync(path.join(cache, 'build', 'docs.v8'), v8.serialize('x'));
  fs.writeFileSync(path.join(cache, 'build', 'search.v8'), v8.serialize(new Map([['key', 'not bytes']])));
  fs.rmSync(path.join(cache, 'build', 'pages.v8'));
  fs.mkdirSync(path.join(cache, 'build', 'pages.v8'));
  fs.rmSync(path.join(cache, 'build', 'reference.v8'));
  fs.writeFileSync(path.join(cache, 'typedoc', models[0]), '{}');

  const second = await buildSite(site);
  assert.equal(second.ok, true, JSON.stringify(second.errors));
  assert.deepEqual(second.typedoc?.converted, ['@fixture/session'], 'the empty model is made again');
  assert.equal(second.cache?.docs.hits, 0);
  assert.equal(second.cache?.pages.hits, 0);
  assert.equal(fs.readFileSync(path.join(site, guideHtml), 'utf8'), before);
  assert.match(fs.readFileSync(path.join(site, 'dist/docs/infinity/packages/session/index.html'), 'utf8'), /openSession/);
  // The stores of the wrong shape were written again as they should be (the folder is still in the way: a warning).
  assert.ok(second.warnings.some((problem) => problem.file === path.join(cache, 'build', 'pages.v8')));
  const third = await buildSite(site);
  assert.equal(third.ok, true);
  assert.deepEqual(third.typedoc?.fromCache, ['@fixture/session']);
  assert.ok((third.cache?.docs.hits ?? 0) > 0, 'the docs store is whole again');
});

test('cache folders of the wrong shape (a blob that is a folder; blobs, a shard, build or social-cards a file) are misses: the build succeeds with the same output', async () => {
  const site = copyFixture('basic');
  assert.equal((await buildSite(site)).ok, true);
  const expected = snapshotTree(path.join(site, 'dist'));
  const cache = path.join(site, '.portal-cache');
  const blobs = path.join(cache, 'build', 'blobs');
  const asFile = (folder: string) => {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, 'a file where a folder of the cache belongs');
  };
  const faults: Record<string, () => void> = {
    'every blob of a shard a folder': () => {
      const shard = path.join(blobs, fs.readdirSync(blobs)[0]);
      for (const name of fs.readdirSync(shard)) {
        fs.rmSync(path.join(shard, name));
        fs.mkdirSync(path.join(shard, name, 'inside'), { recursive: true });
      }
    },
    'a shard a file': () => asFile(path.join(blobs, fs.readdirSync(blobs)[0])),
    'blobs a file': () => asFile(blobs),
    'build a file': () => asFile(path.join(cache, 'build')),
    'social-cards a file': () => asFile(path.join(cache, 'social-cards')),
  };
  for (const [fault, plant] of Object.entries(faults)) {
    plant();
    const summary = await buildSite(site);
    assert.equal(summary.ok, true, `${fault}: ${JSON.stringify(summary.errors)}`);
    assert.deepEqual(snapshotTree(path.join(site, 'dist')), expected, `${fault}: the same site`);
    // Whole again: the next build reuses the cache.
    const next = await buildSite(site);
    assert.ok((next.cache?.pages.hits ?? 0) > 0, `${fault}: the cache works again`);
  }
});

test('a file where the cache folder belongs is a located error with the fix, and nothing is touched', () => {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  const before = snapshotTree(path.join(site, 'dist'));
  fs.rmSync(path.join(site, '.portal-cache'), { recursive: true });
  fs.writeFileSync(path.join(site, '.portal-cache'), 'a file of the writer\'s\n');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: site, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /^\.portal-cache {2}error: the build cache folder \(config "cacheDir"\) \.portal-cache is a file/m);
  assert.match(result.stderr, /\n {2}Move or delete that file \(the build makes the folder\), or set "cacheDir" in portal\.config\.ts to another folder\./);
  assert.doesNotMatch(result.stderr, /internal error/);
  assert.equal(fs.readFileSync(path.join(site, '.portal-cache'), 'utf8'), 'a file of the writer\'s\n');
  assert.deepEqual(snapshotTree(path.join(site, 'dist')), before);
});

test("a well-formed cache whose entries name another page's files (every blob valid) is a miss, never the wrong bytes published", async () => {
  const site = copyFixture('basic');
  assert.equal((await buildSite(site)).ok, true);
  const expected = snapshotTree(path.join(site, 'dist'));
  // Each page's entry moved under the next page's key, and each copied file's blob under the
  // next file's identity: every entry well formed, every blob it names intact.
  for (const store of ['pages.v8', 'copies.v8']) {
    const file = path.join(site, '.portal-cache', 'build', store);
    const entries = v8.deserialize(fs.readFileSync(file)) as Map<string, Uint8Array>;
    assert.ok(entries.size > 2, `${store} has entries to move`);
    const keys = [...entries.keys()];
    const values = [...entries.values()];
    fs.writeFileSync(file, v8.serialize(new Map(keys.map((key, index) => [key, values[(index + 1) % values.length]]))));
  }
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, JSON.stringify(summary.errors));
  assert.equal(summary.cache?.pages.hits, 0, 'no moved entry is reused');
  assert.deepEqual(snapshotTree(path.join(site, 'dist')), expected, 'every file holds its own bytes');
});

test('two builds started together take turns on the cache: both succeed and the second publishes the edit made between them', async () => {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  const lock = path.join(site, '.portal-cache', 'build.lock');
  assert.equal(fs.existsSync(lock), false, 'a finished build releases its lock');
  fs.rmSync(path.join(site, '.portal-cache'), { recursive: true });
  const first = run(site);
  const since = Date.now();
  const holdsLock = () => fs.existsSync(lock) && fs.readFileSync(lock, 'utf8').includes(`${first.pid}`);
  while (!holdsLock()) {
    assert.ok(Date.now() - since < 20_000, 'the first build takes the lock');
    await sleep(10);
  }
  // The first build is paused while it holds the lock, so the two overlap however fast the
  // machine is; it goes on once the second has said it waits.
  process.kill(first.pid, 'SIGSTOP');
  let second: ReturnType<typeof run>;
  try {
    fs.appendFileSync(path.join(site, guide), '\nThe newest edit.\n');
    second = run(site);
    const waiting = Date.now();
    while (!second.stderr().includes('waiting for the build')) {
      assert.ok(Date.now() - waiting < 30_000, `the second build waits for the first:\n${second.stderr()}`);
      await sleep(20);
    }
  } finally {
    process.kill(first.pid, 'SIGCONT');
  }
  const [a, b] = await Promise.all([first.done, second.done]);
  assert.equal(a.status, 0, a.stderr);
  assert.equal(b.status, 0, b.stderr);
  assert.match(b.stderr, new RegExp(`waiting for the build of pid ${first.pid}\\b`));
  assert.match(fs.readFileSync(path.join(site, guideHtml), 'utf8'), /The newest edit\./);
  assert.equal(fs.existsSync(lock), false);
});

test('a lock left by a build that is gone is taken over', async () => {
  const site = copyFixture('basic');
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  const lock = path.join(site, '.portal-cache', 'build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  fs.writeFileSync(lock, JSON.stringify({ pid: gone, started: new Date().toISOString() }));
  const waits: string[] = [];
  const loaded = await loadConfig('portal.config.ts', site);
  const summary = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), lockWaitMs: 5000, onWait: (message) => waits.push(message) });
  assert.equal(summary.ok, true);
  assert.deepEqual(waits, [], 'no wait for a dead process');
  assert.equal(fs.existsSync(lock), false);
});

test('a lock held by a running process is waited for, then the build fails naming the lock and the pid', async () => {
  const site = copyFixture('basic');
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    const lock = path.join(site, '.portal-cache', 'build.lock');
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, JSON.stringify({ pid: holder.pid, started: new Date().toISOString() }));
    const waits: string[] = [];
    const loaded = await loadConfig('portal.config.ts', site);
    const options = { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), lockWaitMs: 600, onWait: (message: string) => waits.push(message) };
    await assert.rejects(build(loaded, options), (error: PortalError) => {
      assert.equal(error.problems[0].file, lock);
      assert.match(error.problems[0].message, new RegExp(`pid ${holder.pid}\\b`));
      return true;
    });
    assert.equal(waits.length, 1);
    assert.match(waits[0], new RegExp(`waiting for the build of pid ${holder.pid}\\b`));
    assert.equal(fs.existsSync(path.join(site, 'dist')), false);
    assert.ok(fs.existsSync(lock), 'the holder keeps its lock');
    // Two builds of one process take turns instead of waiting on each other's file.
    fs.rmSync(lock);
    const [one, two] = await Promise.all([build(loaded, options), build(loaded, options)]);
    assert.equal(one.ok && two.ok, true);
  } finally {
    holder.kill();
  }
});

function run(site: string): { pid: number; stderr: () => string; done: Promise<{ status: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [cli, 'build'], { cwd: site, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return { pid: child.pid!, stderr: () => stderr, done: new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr }))) };
}
