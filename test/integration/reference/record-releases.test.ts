import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pairChanges, versionMarks } from '../../../src/typedoc/package-history.ts';
import { recordReleases, type ReleaseRegistry } from '../../../src/typedoc/record-releases.ts';
import { type PackageReleases, releaseAdding } from '../../../src/typedoc/releases.ts';
import { fixturesRoot } from '../../helpers/fixtures.ts';

// A registry of three releases of one made-up package, each an unpacked tarball folder: 1.1.0
// adds Kit.pause, 1.2.0 adds Kit.resume, and the CHANGELOG names neither. The project compares
// only 1.0.0 with 1.2.0, so what pins Kit.pause to 1.1.0 is the recorded exports of 1.1.0.
const registryFolder = path.join(fixturesRoot, 'registry', 'kit');
const release = (version: string) => path.join(registryFolder, version);
const unpacked: string[] = [];
const registry: ReleaseRegistry = {
  view: () => JSON.parse(fs.readFileSync(path.join(registryFolder, 'registry.json'), 'utf8')) as { versions: string[]; time: Record<string, string> },
  unpack(_name, version, into) {
    unpacked.push(version);
    fs.cpSync(release(version), path.join(into, 'package'), { recursive: true });
    return path.join(into, 'package');
  },
};

test('releases:pull records the exports of the release between two compared versions, and a mark names the release that added a name', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-releases-pull-'));
  try {
    const record = recordReleases('@fixture/kit', registry, { compared: ['1.2.0', '1.0.0'], changelogFolders: [release('1.2.0')], scratch, pulled: '2026-11-29' });
    assert.deepEqual(unpacked, ['1.1.0']);
    assert.deepEqual(record.versions, [
      { version: '1.0.0', published: '2026-01-05' },
      { version: '1.1.0', published: '2026-02-09' },
      { version: '1.2.0', published: '2026-03-02' },
    ]);
    assert.deepEqual(record.exports, { '1.1.0': ['Kit', 'Kit.constructor', 'Kit.pause', 'Kit.play'] });
    assert.deepEqual(fs.readdirSync(scratch), [], 'the unpacked tarball is removed');

    const changes = pairChanges('@fixture/kit', { version: '1.0.0', folder: release('1.0.0') }, { version: '1.2.0', folder: release('1.2.0') }, undefined);
    assert.deepEqual(changes.filter((change) => change.kind === 'added').map((change) => change.symbol), ['Kit.pause', 'Kit.resume']);
    const history = { name: '@fixture/kit', versions: ['1.2.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '1.2.0', changes }] };
    const marks = versionMarks(history, record);
    assert.deepEqual([marks.get('Kit.pause')?.since?.release, marks.get('Kit.resume')?.since?.release], ['1.1.0', '1.2.0']);
    // Without the recorded exports, only the honest range is known.
    const { exports: _, ...withoutExports } = record;
    assert.equal(versionMarks(history, withoutExports).get('Kit.pause')?.since?.release, 'between 1.0.0 and 1.2.0');
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test('a release in between whose exports are not recorded narrows the range instead of pinning one', () => {
  const releases: PackageReleases = { name: '@fixture/kit', pulled: '2026-11-29', versions: [], notes: {}, exports: { '1.1.0': ['Kit'], '1.3.0': ['Kit', 'Kit.pause'] } };
  // 1.1.0 lacks it, 1.2.0 is not recorded, 1.3.0 has it.
  assert.deepEqual(releaseAdding(releases, '1.0.0', ['1.1.0', '1.2.0', '1.3.0', '1.4.0'], 'Kit.pause'), { after: '1.1.0', upTo: '1.3.0' });
  // 1.3.0 lacks it and 1.4.0, the later version compared, has it.
  assert.deepEqual(releaseAdding(releases, '1.0.0', ['1.1.0', '1.2.0', '1.3.0', '1.4.0'], 'Kit.resume'), { release: '1.4.0' });
  assert.deepEqual(releaseAdding({ ...releases, exports: { '1.2.0': ['Kit.pause'] } }, '1.0.0', ['1.1.0', '1.2.0', '1.3.0'], 'Kit.pause'), { after: '1.0.0', upTo: '1.2.0' });
  assert.equal(releaseAdding({ ...releases, exports: {} }, '1.0.0', ['1.1.0', '1.2.0'], 'Kit.pause'), undefined);
});
