import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { markPreviousOutput, previousMarkerPath, swapFolder, markSwapFolder, swapMarkerName } from '../../src/output/swap-folders.ts';
import { copyFixture, repoRoot, snapshotTree } from '../helpers/fixtures.ts';

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

/**
 * A built site as a build killed between the swap's two renames leaves it: no dist/, the last
 * output aside under the exact name a build gives it, vouched for by the marker the build wrote
 * beside it before setting it aside.
 */
function interruptedSwap(): { site: string; marker: string } {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  // A file no build writes: it shows the output served is the one put back, not a new build.
  const marker = 'put-back.txt';
  fs.writeFileSync(path.join(site, 'dist', marker), 'the output set aside');
  const stamp = '99999999-1700000000000';
  const aside = swapFolder(path.join(site, 'dist'), 'previous', stamp);
  markPreviousOutput(path.join(site, 'dist'), stamp);
  fs.renameSync(path.join(site, 'dist'), aside);
  return { site, marker };
}

/** Runs a long-lived command until its stderr matches `ready`, then stops it. */
function runUntil(site: string, args: string[], ready: RegExp): Promise<string> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: site, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`not ready in time: ${stderr}`));
    }, 60_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (ready.test(stderr)) {
        clearTimeout(timer);
        child.kill();
        resolve(stderr);
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(stderr);
    });
  });
}

test('check-links puts back the output an interrupted swap left aside, then checks it', () => {
  const { site, marker } = interruptedSwap();
  const result = spawnSync(process.execPath, [cli, 'check-links'], { cwd: site, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /[1-9]\d* links on [1-9]\d* pages checked, 0 broken/);
  assert.ok(fs.existsSync(path.join(site, 'dist', marker)));
  assert.ok(!fs.existsSync(path.join(site, 'dist', swapMarkerName)), "the swap's marker is not left in the output");
  assert.deepEqual(fs.readdirSync(site).filter((name) => name.startsWith('dist.') || name.startsWith('.dist.')), [], 'no swap folder or marker is left beside it');
});

test('a build killed after marking its output, before setting it aside, leaves the output exactly as it was; the next command clears the marker', () => {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  const dist = path.join(site, 'dist');
  const before = snapshotTree(dist);
  // What the swap does first: the marker is written beside the output, never into it.
  markPreviousOutput(dist, '99999999-1700000000001');
  assert.deepEqual(snapshotTree(dist), before, 'the output holds nothing it did not hold');
  const result = spawnSync(process.execPath, [cli, 'check-links'], { cwd: site, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.ok(!fs.existsSync(previousMarkerPath(dist, '99999999-1700000000001')), 'the stray marker is cleared');
  assert.deepEqual(snapshotTree(dist), before);
});

test('serve puts back the output an interrupted swap left aside and serves it without building', async () => {
  const { site, marker } = interruptedSwap();
  const stderr = await runUntil(site, ['serve', '--port', '0'], /serving /);
  assert.match(stderr, /serving dist at http/);
  assert.doesNotMatch(stderr, /portal: write/, 'no build: the put-back output is served');
  assert.ok(fs.existsSync(path.join(site, 'dist', marker)));
});

test('mcp puts back the output an interrupted swap left aside, then reads it', async () => {
  const { site, marker } = interruptedSwap();
  const stderr = await runUntil(site, ['mcp'], /MCP server ready/);
  assert.match(stderr, /MCP server ready on stdio/);
  assert.ok(fs.existsSync(path.join(site, 'dist', marker)));
});

/**
 * Folders beside the output that only look like a build's leftovers: a writer's own, a name of
 * the exact form without the marker, a marker that names another swap, and a symlink.
 */
function plantLookalikes(site: string, out: string): () => Map<string, string> {
  const plant = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    fs.writeFileSync(path.join(site, file), text);
  };
  plant(`${out}.staging-old/draft.md`, 'A draft the writer keeps here.\n');
  plant(`${out}.previous-2023/index.html`, '<p>Last year\'s site, kept by hand.</p>\n');
  plant(`${out}.staging-123-456/notes.txt`, 'Exactly the form of a staging folder, but no build made it.\n');
  plant(`${out}.previous-123-456/routes.json`, '{}\n');
  plant(`.${out}.discarded-123-456/keep.txt`, 'Hidden, of the exact form, no marker.\n');
  // A marker, but for another stamp: copied by hand from somewhere else.
  plant(`${out}.previous-5-6/${swapMarkerName}`, `portal swap folder of ${out} 7-8\n`);
  plant(`${out}.previous-5-6/page.html`, '<p>kept</p>\n');
  plant('elsewhere/precious.txt', 'Reached through a symlink of the exact form.\n');
  fs.symlinkSync(path.join(site, 'elsewhere'), path.join(site, `${out}.staging-1-2`));
  // The planted folders only: a build's own discarded output may still be being deleted beside them.
  const planted = [`${out}.staging-old`, `${out}.previous-2023`, `${out}.staging-123-456`, `${out}.previous-123-456`, `.${out}.discarded-123-456`, `${out}.previous-5-6`, `${out}.staging-1-2`, 'elsewhere'];
  // Each planted folder on its own: walking the whole site would race a build's own discarded
  // output, which a background process may be deleting at that moment.
  const neighbours = () => new Map(planted.flatMap((name) => [...snapshotTree(path.join(site, name))].map(([file, bytes]) => [path.join(name, file), bytes] as const)));
  const before = neighbours();
  assert.equal(before.size, 9, "every planted file (the symlinked one twice)");
  return neighbours;
}

test('no command touches a folder beside the output that portal did not make, however it is named', async () => {
  const site = copyFixture('basic');
  for (const out of ['notes', 'dist']) {
    const neighbours = plantLookalikes(site, out);
    const before = neighbours();
    const untouched = (after: string) => {
      assert.deepEqual(neighbours(), before, `${out}: after ${after}`);
      assert.ok(fs.lstatSync(path.join(site, `${out}.staging-1-2`)).isSymbolicLink(), `${out}: the symlink stays after ${after}`);
    };
    // With no output at all: nothing may be renamed into its place either.
    const check = spawnSync(process.execPath, [cli, 'check-links', out], { cwd: site, encoding: 'utf8' });
    assert.match(check.stderr, /no built site here/, check.stderr);
    untouched('check-links with no output');
    assert.match(await runUntil(site, ['mcp', '--dir', out], /no built site|MCP server ready/), /no built site with a search index here/);
    untouched('mcp --dir with no output');
    // serve builds the missing output, then serves it; build replaces it; then the readers again.
    assert.match(await runUntil(site, ['serve', '--port', '0', '--out', out], /serving /), new RegExp(`serving ${out} at http`));
    untouched('serve --out, which built');
    assert.ok(fs.existsSync(path.join(site, out, 'routes.json')));
    const build = spawnSync(process.execPath, [cli, 'build', '--out', out], { cwd: site, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    untouched('build --out');
    assert.ok(!fs.existsSync(path.join(site, out, swapMarkerName)), "the swap's marker is not published");
    assert.equal(spawnSync(process.execPath, [cli, 'check-links', out], { cwd: site, encoding: 'utf8' }).status, 0);
    untouched('check-links');
    assert.match(await runUntil(site, ['mcp', '--dir', out], /MCP server ready/), /MCP server ready/);
    untouched('mcp --dir');
    assert.match(await runUntil(site, ['serve', '--port', '0', '--out', out], /serving /), /serving /);
    untouched('serve --out');
  }
});

test("a build's own abandoned staging folders are still cleared: one marked, and one killed before its marker (empty)", () => {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  const dist = path.join(site, 'dist');
  const staging = swapFolder(dist, 'staging', '99999999-1700000000000');
  fs.mkdirSync(staging);
  markSwapFolder(staging, dist, '99999999-1700000000000');
  fs.writeFileSync(path.join(staging, 'index.html'), 'half written');
  const unmarked = swapFolder(dist, 'staging', '99999998-1700000000000');
  fs.mkdirSync(unmarked);
  const result = spawnSync(process.execPath, [cli, 'check-links'], { cwd: site, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.ok(!fs.existsSync(staging));
  assert.ok(!fs.existsSync(unmarked));
});
