import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, startServe } from '../helpers/browser.ts';
import { buildSite, copyFixture, snapshotTree } from '../helpers/fixtures.ts';

// Watch mode under abuse: bursts of saves, files vanishing mid-build, broken input and its
// fix. The server must keep serving the last good pages throughout, and the site it ends with
// must be exactly what a clean build of the final files gives.

let browser: Browser;
let server: ChildProcess;
let log: () => string;
let base: string;
let root: string;

before(async () => {
  root = copyFixture('basic');
  const port = await freePort();
  const started = await startServe(root, ['--watch', '--port', String(port)]);
  server = started.child;
  log = started.log;
  base = `http://127.0.0.1:${port}`;
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.kill();
});

const file = (relative: string) => path.join(root, relative);
const guide = 'content/docs/infinity/guides/second-guide.md';
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server's output matches. */
async function logged(pattern: RegExp, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (pattern.test(log())) return;
    await settle(100);
  }
  throw new Error(`the server never printed ${pattern}\n${log().slice(-2000)}`);
}

/** Waits until a served page contains (or no longer contains) a text. */
async function served(route: string, text: string, present = true, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const body = await (await fetch(`${base}${route}`)).text();
    if (body.includes(text) === present) return;
    await settle(100);
  }
  throw new Error(`${route} ${present ? 'never showed' : 'still shows'} "${text}"\n${log().slice(-2000)}`);
}

test('100 saves of one file within a second end with the last save served', async () => {
  const original = fs.readFileSync(file(guide), 'utf8');
  for (let i = 0; i < 100; i++) {
    fs.writeFileSync(file(guide), original.replace('Back to the', `Save number ${i}. Back to the`));
    await settle(8);
  }
  await served('/docs/infinity/guides/second-guide', 'Save number 99.');
  assert.equal(server.exitCode, null, 'the server is still running');
});

test('a syntax error, then its fix: the last good page is served meanwhile', async () => {
  const good = fs.readFileSync(file(guide), 'utf8');
  fs.writeFileSync(file(guide), good.replace('title: Second guide', 'title: "unclosed'));
  await logged(/second-guide\.md:\d+:\d+ {2}error: front matter is not valid YAML/);
  await served('/docs/infinity/guides/second-guide', 'Save number 99.');
  fs.writeFileSync(file(guide), good.replace('Save number 99.', 'Fixed after the error.'));
  await served('/docs/infinity/guides/second-guide', 'Fixed after the error.');
});

test('a broken config, then its fix: the site keeps being served and rebuilds once it is valid', async () => {
  const config = file('portal.config.ts');
  const good = fs.readFileSync(config, 'utf8');
  fs.writeFileSync(config, good.replace("type: 'dropdown'", "type: 'dropdwn'"));
  await logged(/navbar\.items\[4\]\.type: unknown navbar item type "dropdwn"/);
  await served('/', 'Fixture announcement');
  fs.writeFileSync(config, good.replace("content: 'Fixture announcement'", "content: 'Announcement after the fix'"));
  await served('/', 'Announcement after the fix');
});

test('a file deleted and another renamed while a build runs: the final state matches a clean build of the final files', async () => {
  // A title change forces a full build; the deletion and the rename land while it runs.
  fs.writeFileSync(file(guide), fs.readFileSync(file(guide), 'utf8').replace('title: Second guide', 'title: Second guide, renamed'));
  await settle(50);
  fs.rmSync(file('content/docs/infinity/guides/long-guide.md'));
  fs.renameSync(file(guide), file('content/docs/infinity/guides/moved-guide.md'));
  await served('/docs/infinity/guides/moved-guide', 'Second guide, renamed');
  await served('/docs/infinity/guides/long-guide', 'Long guide', false);
  await settle(2500); // let the search index refresh and any queued build finish

  const clean = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-clean-'));
  fs.cpSync(root, clean, { recursive: true, filter: (source) => !/[/\\](dist|\.portal|\.portal-cache)([/\\]|$)/.test(source) });
  assert.equal((await buildSite(clean)).ok, true);
  // Pagefind's index files are left out: their hashed names are not reproducible (see faults test).
  const ours = (tree: Map<string, string>) => new Map([...tree].filter(([name]) => !name.startsWith('pagefind')));
  const watched = ours(snapshotTree(file('dist')));
  const rebuilt = ours(snapshotTree(path.join(clean, 'dist')));
  assert.deepEqual([...watched.keys()], [...rebuilt.keys()]);
  for (const [name, contents] of rebuilt) assert.equal(watched.get(name), contents, name);
  const page = await browser.newPage();
  await page.goto(`${base}/docs/infinity/guides/moved-guide`);
  assert.equal(await page.textContent('main h1'), 'Second guide, renamed');
  await page.close();
});
