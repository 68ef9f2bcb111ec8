import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { useWatchedSite } from '../helpers/browser.ts';
import { buildSite, snapshotTree } from '../helpers/fixtures.ts';

// Watch mode under abuse: bursts of saves, files vanishing mid-build, broken input and its
// fix. The server must keep serving the last good pages throughout, and the site it ends with
// must be exactly what a clean build of the final files gives.

const site = useWatchedSite();

const file = (relative: string) => path.join(site.root, relative);
const guide = 'content/docs/infinity/guides/second-guide.md';
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server's output matches. */
async function logged(pattern: RegExp, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (pattern.test(site.log())) return;
    await settle(100);
  }
  throw new Error(`the server never printed ${pattern}\n${site.log().slice(-2000)}`);
}

/** Waits until a served page contains (or no longer contains) a text. */
async function served(route: string, text: string, present = true, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const body = await (await fetch(`${site.base}${route}`)).text();
    if (body.includes(text) === present) return;
    await settle(100);
  }
  throw new Error(`${route} ${present ? 'never showed' : 'still shows'} "${text}"\n${site.log().slice(-2000)}`);
}

test('100 saves of one file within a second end with the last save served', async () => {
  const original = fs.readFileSync(file(guide), 'utf8');
  for (let i = 0; i < 100; i++) {
    fs.writeFileSync(file(guide), original.replace('Back to the', `Save number ${i}. Back to the`));
    await settle(8);
  }
  await served('/docs/infinity/guides/second-guide', 'Save number 99.');
  assert.equal(site.server.exitCode, null, 'the server is still running');
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
  fs.cpSync(site.root, clean, { recursive: true, filter: (source) => !/[/\\](dist|\.portal|\.portal-cache)([/\\]|$)/.test(source) });
  assert.equal((await buildSite(clean)).ok, true);
  // Pagefind's index files are left out: their hashed names are not reproducible (see faults test).
  const ours = (tree: Map<string, string>) => new Map([...tree].filter(([name]) => !name.startsWith('pagefind')));
  const watched = ours(snapshotTree(file('dist')));
  const rebuilt = ours(snapshotTree(path.join(clean, 'dist')));
  assert.deepEqual([...watched.keys()], [...rebuilt.keys()]);
  for (const [name, contents] of rebuilt) assert.equal(watched.get(name), contents, name);
  const page = await site.browser.newPage();
  await page.goto(`${site.base}/docs/infinity/guides/moved-guide`);
  assert.equal(await page.textContent('main h1'), 'Second guide, renamed');
  await page.close();
});
