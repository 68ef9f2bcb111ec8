import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkBuiltSite } from '../../../src/links/check-dist.ts';

function outputFolder() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scan-cache-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'docs'), { recursive: true });
  // The mark of a built site, without which check-links refuses the folder.
  fs.writeFileSync(path.join(dist, 'routes.json'), '[]');
  fs.writeFileSync(path.join(dist, 'index.html'), '<a href="/docs/a">A</a><a href="/docs/a#setup">setup</a>');
  fs.writeFileSync(path.join(dist, 'docs', 'a.html'), '<h2 id="setup">Setup</h2><a href="#setup">here</a><a href="/">home</a>');
  return { root, dist, cache: path.join(root, '.portal-cache', 'check-links', 'scans.v8') };
}

const check = (site: ReturnType<typeof outputFolder>) => checkBuiltSite(site.dist, path.join(site.root, 'no-sources.json'), site.cache);

test('a second run reads its scans from the cache and reports the same', () => {
  const site = outputFolder();
  const first = check(site);
  assert.deepEqual(first.problems, []);
  assert.ok(fs.existsSync(site.cache), 'the scans are kept');
  const written = fs.statSync(site.cache).mtimeMs;
  const second = check(site);
  assert.deepEqual(second, first);
  assert.equal(fs.statSync(site.cache).mtimeMs, written, 'nothing changed, so the cache is not written again');
});

test('a page edited in place, replaced or removed is scanned again', () => {
  const site = outputFolder();
  check(site);
  // In place, the same size: only the file's time tells.
  const page = path.join(site.dist, 'docs', 'a.html');
  const before = fs.readFileSync(page, 'utf8');
  fs.writeFileSync(page, before.replace('id="setup"', 'id="setuq"'));
  fs.utimesSync(page, new Date(), new Date(Date.now() + 5000));
  assert.match(check(site).problems.map((problem) => problem.message).join('\n'), /no heading or element with id "setup"/);
  // Replaced by a new file (as a build does): a broken link appears.
  fs.rmSync(page);
  fs.writeFileSync(page, '<h2 id="setup">Setup</h2><a href="/docs/missing">gone</a>');
  assert.match(check(site).problems.map((problem) => problem.message).join('\n'), /link to "\/docs\/missing" not found/);
  // Removed: the home page's link to it is broken, not remembered.
  fs.rmSync(page);
  assert.match(check(site).problems.map((problem) => problem.message).join('\n'), /link to "\/docs\/a" not found/);
});

test('a damaged cache file is ignored, not fatal', () => {
  const site = outputFolder();
  fs.mkdirSync(path.dirname(site.cache), { recursive: true });
  fs.writeFileSync(site.cache, 'not a cache');
  assert.deepEqual(check(site).problems, []);
});

test('a link to a missing .md file is kept in the cache, and counted on the second run too', () => {
  const site = outputFolder();
  fs.writeFileSync(path.join(site.dist, 'docs', 'b.html'), '<a href="./old.md" data-broken-markdown-link="">old</a>');
  const first = check(site);
  const second = check(site);
  assert.deepEqual(first.problems.map((problem) => problem.message), ['link to "./old.md" points to a Markdown file that does not exist']);
  assert.deepEqual(second.problems, first.problems);
});
