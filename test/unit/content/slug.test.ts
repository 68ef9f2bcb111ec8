import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { readDocFile } from '../../../src/content/docs.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { baseName, legacySlugSegment, slugifySegment } from '../../../src/util/slug.ts';

test('file and folder names become predictable route segments', () => {
  const cases: [string, string][] = [
    ['use-a-pin', 'use-a-pin'],
    ['Use A PIN', 'use-a-pin'],
    ['Über Uns', 'ueber-uns'],
    ['Møte', 'mote'],
    ['BT_basics', 'bt_basics'],
    ['tutorial_01_first_tree', 'tutorial_01_first_tree'],
    ['café  crème', 'cafe-creme'],
    ['Web App 3 (plugins)', 'web-app-3-plugins'],
    ['--odd__name--', 'odd__name'],
    ['Ωmega', 'omega'],
  ];
  for (const [input, expected] of cases) assert.equal(slugifySegment(input), expected, input);
});

test('the rule of portal 0.2 is kept for redirects from the URLs it gave', () => {
  assert.equal(legacySlugSegment('BT_basics'), 'bt-basics');
  assert.equal(legacySlugSegment('Møte'), 'm-te');
});

test('extensions and number prefixes are dropped from file names', () => {
  assert.equal(baseName('01-introduction.md'), 'introduction');
  assert.equal(baseName('v38.md'), 'v38');
  assert.equal(baseName('2024.md'), '2024');
  assert.equal(baseName('02_setup.mdx'), 'setup');
  assert.equal(baseName('3. usage.md'), 'usage');
});

test('a name that starts like a version or a date keeps its number, as Docusaurus keeps it; dots between digits stay in the URL', () => {
  assert.equal(baseName('4.8.1.md'), '4.8.1');
  assert.equal(baseName('2.5.0.mdx'), '2.5.0');
  assert.equal(baseName('2024-05-01-launch.md'), '2024-05-01-launch');
  assert.equal(baseName('10_20.md'), '10_20');
  assert.equal(slugifySegment('4.8.1'), '4.8.1');
  assert.notEqual(slugifySegment(baseName('2.5.0.md')), slugifySegment(baseName('4.5.0.md')));
  assert.equal(slugifySegment('v2.5 notes'), 'v2.5-notes');
  assert.equal(slugifySegment('file.name'), 'file-name');
});

test('folders lose their number prefix as files do, a version-named folder keeps it, an area\'s own folder is kept', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-folder-prefix-'));
  const write = (relative: string) => {
    mkdirSync(path.dirname(path.join(root, 'content/docs', relative)), { recursive: true });
    writeFileSync(path.join(root, 'content/docs', relative), '# A page\n\nWritten for this test.\n');
  };
  const routeOf = (relative: string, areas = new Map<string, string>()) => {
    write(relative);
    const diagnostics = new Diagnostics();
    const doc = readDocFile(root, relative, areas, diagnostics);
    assert.deepEqual(diagnostics.errors, []);
    return doc?.route;
  };
  try {
    assert.equal(routeOf('01-guides/intro.md'), '/docs/guides/intro');
    assert.equal(routeOf('02_setup/03. deep/04-steps.md'), '/docs/setup/deep/steps');
    assert.equal(routeOf('1.2-notes/changes.md'), '/docs/1.2-notes/changes');
    assert.equal(routeOf('2024-05-01-launch/recap.md'), '/docs/2024-05-01-launch/recap');
    assert.equal(routeOf('9-kb/01-guides/intro.md', new Map([['9-kb', 'kb']])), '/docs/9-kb/guides/intro');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
