import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { marksOf, packageChangelogView } from '../../../src/typedoc/changelog-page.ts';
import type { PackageHistory } from '../../../src/typedoc/package-history.ts';
import { releaseOf, versionMarks } from '../../../src/typedoc/package-history.ts';
import { changelogSections, type PackageReleases, readReleases, releasesBetween, releasesFile } from '../../../src/typedoc/releases.ts';

// A made-up package: the registry lists 1.0.0 and 1.3.0; its CHANGELOG also has 1.1.0 and 1.2.0.
const changelog = `# @planted/kit

## 1.3.0

### Patch Changes

- 1a2b3c4: Faster start-up.
- Updated dependencies [9f8e7d6]

## 1.2.0

### Minor Changes

- 5d6e7f8: Add \`Kit.pause\` to hold the stream.

## 1.1.0

## 1.0.0

### Major Changes

- 0a1b2c3: Rename \`box\` into \`kit\`.
`;
const releases: PackageReleases = {
  name: '@planted/kit',
  pulled: '2026-11-29',
  versions: [
    { version: '1.0.0', published: '2026-01-05' },
    { version: '1.3.0', published: '2026-03-02' },
  ],
  notes: changelogSections(changelog),
};

test('a CHANGELOG is read by version, sections without text left out', () => {
  assert.deepEqual(Object.keys(releases.notes), ['1.3.0', '1.2.0', '1.0.0']);
  assert.deepEqual(releasesBetween(releases, '1.0.0', '1.3.0'), ['1.2.0', '1.3.0']);
});

test('a mark names the release the CHANGELOG pins, or else the honest range, never just the later version compared', () => {
  const pair = { from: '1.0.0', to: '1.3.0' };
  assert.equal(releaseOf(releases, pair, 'Kit.pause'), '1.2.0');
  assert.equal(releaseOf(releases, pair, 'Kit.resume'), 'between 1.0.0 and 1.3.0');
  assert.equal(releaseOf(undefined, pair, 'Kit.pause'), 'between 1.0.0 and 1.3.0');
  assert.equal(releaseOf(releases, { from: '1.2.0', to: '1.3.0' }, 'Kit.resume'), '1.3.0');
  const history: PackageHistory = { name: '@planted/kit', versions: ['1.3.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '1.3.0', changes: [{ kind: 'added', symbol: 'Kit.pause', breaking: false }, { kind: 'added', symbol: 'Kit.resume', breaking: false }] }] };
  const marks = marksOf(versionMarks(history, releases), '/docs/kit/changelog');
  assert.deepEqual(marks('Kit.pause'), [{ label: 'since 1.2.0', href: '/docs/kit/changelog#v1-3-0' }]);
  assert.deepEqual(marks('Kit.resume'), [{ label: 'added between 1.0.0 and 1.3.0', href: '/docs/kit/changelog#v1-3-0' }]);
  // The range's releases and their notes sit beside the machine diff.
  const view = packageChangelogView(history, () => undefined, undefined, releases);
  assert.deepEqual(view.sections[0].releases, [
    { version: '1.2.0', notes: ['Add `Kit.pause` to hold the stream.'] },
    { version: '1.3.0', date: '2026-03-02', notes: ['Faster start-up.'] },
  ]);
});

test('a package with one documented version still shows the history its CHANGELOG records', () => {
  const view = packageChangelogView({ name: '@planted/kit', versions: ['1.3.0'], pairs: [] }, () => undefined, undefined, releases);
  assert.match(view.firstVersion ?? '', /The registry lists 2 published versions; the package's own CHANGELOG records the releases below/);
  assert.deepEqual(view.history?.map((release) => release.version), ['1.3.0', '1.2.0', '1.0.0']);
  assert.deepEqual(view.history?.[2].notes, ['Rename `box` into `kit`.']);
});

test('a damaged releases file is a located error naming the command that writes it', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-releases-'));
  try {
    fs.mkdirSync(path.join(root, 'content/releases'), { recursive: true });
    fs.writeFileSync(path.join(root, releasesFile('@planted/kit')), '{"name": "@planted/kit"');
    assert.throws(() => readReleases(root, '@planted/kit'), /content\/releases\/planted__kit\.json.*not the JSON `npm run releases:pull` writes/s);
    assert.equal(readReleases(root, '@planted/other'), undefined);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a CHANGELOG names a symbol with its arguments, an optional mark, or bare when it cannot be an English word', () => {
  const notes: PackageReleases = {
    ...releases,
    notes: {
      '2.1.0': '- Removes `me` and exposes `getMe(roomId?: string)` instead.\n- Adds `canShare?` to `Status`.',
      '2.2.0': '- Expose roomName\n- Faster start-up.',
      '2.3.0': '- Fix the Status of a room.',
    },
  };
  assert.equal(releaseOf(notes, { from: '2.0.0', to: '2.3.0' }, 'Client.getMe'), '2.1.0');
  assert.equal(releaseOf(notes, { from: '2.0.0', to: '2.3.0' }, 'Status.canShare'), '2.1.0');
  assert.equal(releaseOf(notes, { from: '2.0.0', to: '2.3.0' }, 'Client.roomName'), '2.2.0');
  // "Status" is an English word in prose: only in code does it name the type.
  assert.equal(releaseOf(notes, { from: '2.0.0', to: '2.3.0' }, 'Status'), '2.1.0');
});
