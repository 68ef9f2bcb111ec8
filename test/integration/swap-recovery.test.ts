import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyFixture, repoRoot } from '../helpers/fixtures.ts';

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

/** A built site as a build killed between the swap's two renames leaves it: no dist/, the last output aside. */
function interruptedSwap(): { site: string; marker: string } {
  const site = copyFixture('basic');
  assert.equal(spawnSync(process.execPath, [cli, 'build'], { cwd: site }).status, 0);
  // A file no build writes: it shows the output served is the one put back, not a new build.
  const marker = 'put-back.txt';
  fs.writeFileSync(path.join(site, 'dist', marker), 'the output set aside');
  fs.renameSync(path.join(site, 'dist'), path.join(site, 'dist.previous-99999999'));
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
  assert.deepEqual(fs.readdirSync(site).filter((name) => name.startsWith('dist.')), []);
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
