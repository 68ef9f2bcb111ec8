import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { fixturesRoot, repoRoot, snapshotTree } from '../helpers/fixtures.ts';

// A build replaces its output folder whole: the old one is renamed aside and deleted. So an
// output folder that is the project, holds it, lies in one of its own folders, or holds someone
// else's files is refused (exit 2) before anything is built, and every file stays as it was.

const cli = path.join(repoRoot, 'bin', 'portal.mjs');
const run = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });

/** `<temp>/site` (the fixture, with files a project has beside its content) and `<temp>/sibling` (another project). */
let temp: string;
let site: string;
before(() => {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-output-folder-'));
  site = path.join(temp, 'site');
  fs.cpSync(path.join(fixturesRoot, 'basic'), site, { recursive: true, filter: (source) => !/[/\\](dist|\.portal)([/\\]|$)/.test(source) });
  const plant = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(temp, file)), { recursive: true });
    fs.writeFileSync(path.join(temp, file), text);
  };
  plant('site/uncommitted-notes.md', 'Work in progress, in no commit yet.\n');
  plant('site/.git/HEAD', 'ref: refs/heads/main\n');
  plant('site/src/plugin.ts', 'export const plugin = 1;\n');
  plant('site/node_modules/some-package/index.js', 'module.exports = 1;\n');
  plant('site/.portal-cache/x/kept.bin', 'cache entry\n');
  plant('site/notes/todo.txt', 'A folder of the writer, not a build.\n');
  plant('sibling/package.json', '{ "name": "another-project" }\n');
});

/** Every file under the temporary folder, but what portal keeps for itself (.portal: the compiled config, reports). */
const files = () => new Map([...snapshotTree(temp)].filter(([file]) => !file.startsWith(path.join('site', '.portal') + path.sep)));

const refused: { out: string; args?: string[]; message: RegExp }[] = [
  { out: '.', message: /--out \.: the output folder is the project folder/ },
  { out: '..', message: /--out \.\.: the output folder holds the project folder/ },
  { out: 'content', message: /--out content: the output folder is in content\/, which holds the site's sources/ },
  { out: 'content/docs', message: /--out content\/docs: the output folder is in content\/, which holds the site's sources/ },
  { out: 'src', message: /--out src: the output folder is in src\/, which holds source code/ },
  { out: 'node_modules/x', message: /--out node_modules\/x: the output folder is in node_modules\/, which holds the installed packages/ },
  { out: '.git', message: /--out \.git: the output folder is in \.git\/, which holds the repository/ },
  { out: '.portal-cache/x', message: /--out \.portal-cache\/x: the output folder is in \.portal-cache\/, which holds the build cache \(config "cacheDir"\)/ },
  { out: 'notes', message: /--out notes: notes holds files that are not a portal build \(it has no routes\.json\)/ },
  { out: 'package.json', message: /--out package\.json: package\.json is a file, not a folder/ },
  { out: 'content', args: ['serve', '--watch', '--port', '0'], message: /--out content: the output folder is in content\/, which holds the site's sources/ },
  { out: '.', args: ['serve', '--watch', '--port', '0'], message: /--out \.: the output folder is the project folder/ },
];

describe('an output folder a build must not replace is refused, and nothing is touched', () => {
  for (const item of refused) {
    const command = item.args ?? ['build'];
    test(`portal ${command.join(' ')} --out ${item.out}`, () => {
      const beforeRun = files();
      const result = run(site, ...command, '--out', item.out);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, item.message);
      assert.match(result.stderr, /\n {2}Nothing was written\. Pass --out a (folder of its own, such as "--out dist"|new or empty folder)/);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
      assert.deepEqual(files(), beforeRun, 'every file of the project and its neighbours is as it was');
    });
  }

  test('an empty folder outside the project is a fine output folder', () => {
    fs.mkdirSync(path.join(temp, 'published'));
    const result = run(site, 'build', '--out', '../published');
    assert.equal(result.status, 0, result.stderr);
    assert.ok(fs.existsSync(path.join(temp, 'published', 'routes.json')));
    // An earlier output (it has routes.json) is replaced as before.
    const again = run(site, 'build', '--out', '../published');
    assert.equal(again.status, 0, again.stderr);
    assert.equal(fs.readFileSync(path.join(temp, 'sibling', 'package.json'), 'utf8'), '{ "name": "another-project" }\n');
  });

  test('a symlinked output folder is refused (exit 2) with the folder it points to; that folder as --out builds, the link stays', () => {
    const target = path.join(temp, 'deployed-site');
    fs.mkdirSync(target);
    fs.symlinkSync(target, path.join(site, 'dist-link'));
    // The project and the link's target (an earlier test's replaced output may still be being deleted beside them).
    const files = () => new Map([...snapshotTree(site), ...snapshotTree(target)].filter(([file]) => !file.startsWith(path.join('.portal') + path.sep)));
    const beforeRun = files();
    const result = run(site, 'build', '--out', 'dist-link');
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, new RegExp(`--out dist-link: dist-link is a symlink to ${target}; a build swaps a new folder in by renaming`));
    assert.match(result.stderr, new RegExp(`\\n {2}Nothing was written\\. Pass the folder it points to instead: --out ${target}`));
    assert.deepEqual(files(), beforeRun);
    assert.ok(fs.lstatSync(path.join(site, 'dist-link')).isSymbolicLink());
    // serve --watch builds too; a dangling link is refused the same way.
    assert.equal(run(site, 'serve', '--watch', '--port', '0', '--out', 'dist-link').status, 2);
    fs.symlinkSync(path.join(temp, 'not-made-yet'), path.join(site, 'dangling'));
    const dangling = run(site, 'build', '--out', 'dangling');
    assert.equal(dangling.status, 2, dangling.stderr);
    assert.match(dangling.stderr, /dangling is a symlink to [^\n]*not-made-yet/);
    assert.ok(fs.lstatSync(path.join(site, 'dangling')).isSymbolicLink());
    const built = run(site, 'build', '--out', target);
    assert.equal(built.status, 0, built.stderr);
    assert.ok(fs.existsSync(path.join(site, 'dist-link', 'routes.json')), 'the new site is seen through the link');
    assert.ok(fs.lstatSync(path.join(site, 'dist-link')).isSymbolicLink());
    fs.rmSync(path.join(site, 'dist-link'));
    fs.rmSync(path.join(site, 'dangling'));
  });
});
