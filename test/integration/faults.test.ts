import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyFixture, repoRoot, snapshotTree } from '../helpers/fixtures.ts';

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

test('killed (SIGKILL) at random points 20 times, the previous dist/ is intact every time and the next build succeeds', async () => {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  const before = snapshotTree(path.join(site, 'dist'));
  // A changed page, so every interrupted build would write something different.
  fs.appendFileSync(path.join(site, 'content/docs/infinity/guides/second-guide.md'), '\nA new paragraph.\n');
  // Deterministic "random" delays spread over the whole build (start-up to write).
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 20; i++) {
    const child = spawn(process.execPath, [cli, 'build'], { cwd: site, stdio: 'ignore' });
    const delay = 150 + next() * 1500;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const now = snapshotTree(path.join(site, 'dist'));
    const changed = now.get('docs/infinity/guides/second-guide/index.html') !== before.get('docs/infinity/guides/second-guide/index.html');
    // Either the old site, whole, or (if the build finished before the kill) the new one, whole.
    if (changed) assert.equal(now.size >= before.size - 1, true, `run ${i}: a complete new site`);
    else assert.deepEqual(now, before, `run ${i} (killed after ${Math.round(delay)} ms): dist/ intact`);
  }
  const final = spawnSync(process.execPath, [cli, 'build'], { cwd: site, encoding: 'utf8' });
  assert.equal(final.status, 0, final.stderr);
  assert.match(fs.readFileSync(path.join(site, 'dist/docs/infinity/guides/second-guide/index.html'), 'utf8'), /A new paragraph\./);
  assert.deepEqual(fs.readdirSync(site).filter((name) => name.startsWith('dist.')), [], 'interrupted staging folders are cleaned up');
});

test('two builds of the same input are byte-identical, search index included', () => {
  const first = copyFixture('basic');
  const second = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: first }).status, 0);
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: second }).status, 0);
  const a = snapshotTree(path.join(first, 'dist'));
  const b = snapshotTree(path.join(second, 'dist'));
  assert.ok(a.size > 40);
  assert.ok([...a.keys()].some((file) => /^pagefind[/\\]filter[/\\]/.test(file)), 'the index has a filter file (the part Pagefind writes in varying order)');
  assert.deepEqual([...a.keys()], [...b.keys()]);
  for (const [file, contents] of a) assert.equal(b.get(file), contents, file);
});
