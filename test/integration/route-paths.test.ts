import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fixturesRoot, repoRoot } from '../helpers/fixtures.ts';

// A route is a folder path of the output. A slug or redirect source that climbs ("..") must fail
// the build with a message at its source, and no file may appear anywhere but in the folders
// portal keeps for itself (.portal, the cache): not in content/, not beside the project.

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

/** `<temp>/site`: the fixture, so a path that climbs out of the project still lands in `<temp>`. */
function site(): { temp: string; root: string } {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-route-paths-'));
  const root = path.join(temp, 'site');
  fs.cpSync(path.join(fixturesRoot, 'basic'), root, { recursive: true, filter: (source) => !/[/\\](dist|\.portal)([/\\]|$)/.test(source) });
  return { temp, root };
}

/** Every file and folder under `temp`, but those of portal's own folders (the compiled config, reports, the build cache). */
function entries(temp: string): string[] {
  const own = ['.portal', '.portal-cache'].map((folder) => path.join('site', folder));
  return fs
    .readdirSync(temp, { recursive: true })
    .map(String)
    .filter((entry) => !own.some((folder) => entry === folder || entry.startsWith(folder + path.sep)))
    .sort();
}

const cases = [
  {
    name: 'a front-matter slug that climbs out of the output',
    plant: (root: string) => {
      const file = path.join(root, 'content/docs/infinity/guides/second-guide.md');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('sidebar_position: 2', 'sidebar_position: 2\nslug: ../../../../outside/injected'));
    },
    message: /content\/docs\/infinity\/guides\/second-guide\.md:5:1 {2}error: front matter "slug": it has a "\.\." segment \(got "\.\.\/\.\.\/\.\.\/\.\.\/outside\/injected"\)\n {2}Write a plain path of names/,
  },
  {
    name: 'a redirect source that climbs out of the output',
    plant: (root: string) => {
      const file = path.join(root, 'portal.config.ts');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('redirects: [', "redirects: [\n    { from: '/../../x', to: '/docs/infinity/introduction' },"));
    },
    message: /portal\.config\.ts {2}error: redirects\[0\]\.from: "\/\.\.\/\.\.\/x" cannot be a path of the site: it has a "\.\." segment\n {2}Write a plain path of names/,
  },
];

for (const item of cases) {
  test(`${item.name}: the build fails at its source and writes nothing outside its output`, () => {
    const { temp, root } = site();
    item.plant(root);
    const before = entries(temp);
    const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, encoding: 'utf8' });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, item.message);
    assert.doesNotMatch(result.stderr, /internal error/);
    // No dist/ either: the build failed before its staging folder was made, and that is gone.
    assert.deepEqual(entries(temp), before);
  });
}

// The site's own files (the home page, _headers, llms.txt, the search index...) are declared once
// (src/build/site-files.ts): a page or a static file named like one used to lose to it silently,
// or end in an internal error.

test('a slug that names a generated file is a front-matter error at the slug, and nothing is written', () => {
  const { temp, root } = site();
  for (const [name, slug] of [['headers', '/_headers'], ['home-copy', '/index.html'], ['search-engine', '/pagefind/pagefind.js']]) {
    fs.writeFileSync(path.join(root, 'content/pages', `${name}.md`), `---\ntitle: Taken ${name}\nslug: ${slug}\n---\n\nA page whose slug names a file the build writes.\n`);
  }
  const before = entries(temp);
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  assert.doesNotMatch(result.stderr, /internal error/);
  assert.match(result.stderr, /content\/pages\/headers\.md:3:1 {2}error: front matter "slug": the page's route "\/_headers" would write over or into "_headers", which portal generates\n {2}Give the page another URL/);
  assert.match(result.stderr, /content\/pages\/home-copy\.md:3:1 {2}error: front matter "slug": the page's route "\/index\.html" would write over or into "index\.html", which portal generates/);
  assert.match(result.stderr, /content\/pages\/search-engine\.md:3:1 {2}error: front matter "slug": the page's route "\/pagefind\/pagefind\.js" would write over or into "pagefind\/ \(the search index\)"/);
  assert.deepEqual(entries(temp), before);
});

test('a static file named like a generated file is an error naming both, and nothing is written', () => {
  const { temp, root } = site();
  const statics: Record<string, string> = { _headers: '/*\n  X-From: static\n', 'llms.txt': '# my own llms\n', 'mcp/symbols.json': '[]\n', 'pagefind/pagefind.js': 'export const mine = 1;\n', 'index.html': '<p>mine</p>\n' };
  for (const [file, text] of Object.entries(statics)) {
    fs.mkdirSync(path.dirname(path.join(root, 'content/static', file)), { recursive: true });
    fs.writeFileSync(path.join(root, 'content/static', file), text);
  }
  const before = entries(temp);
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  assert.doesNotMatch(result.stderr, /internal error/);
  for (const file of ['_headers', 'llms.txt', 'mcp/symbols.json', 'index.html']) {
    const name = file.replace(/[.]/g, '\\.').replace(/\//g, '\\/');
    assert.match(result.stderr, new RegExp(`content\\/static\\/${name} {2}error: this static file would replace the generated file "${name}"\\n {2}Rename or move the static file`));
  }
  assert.match(result.stderr, /content\/static\/pagefind\/pagefind\.js {2}error: this static file is in pagefind\/, the folder of the search index, which the build writes/);
  assert.deepEqual(entries(temp), before);
});
