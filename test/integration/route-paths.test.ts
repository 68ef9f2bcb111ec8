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
