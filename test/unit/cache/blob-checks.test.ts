// A blob is read and hashed again only when its identity changed since a build wrote or checked
// it. Each hostile case changes a blob the way a damaged cache or a hand would, times put back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BlobStore } from '../../../src/cache/blobs.ts';
import { VerifiedFiles } from '../../../src/cache/verified-files.ts';
import { rewriteKeepingTimes } from '../../helpers/rewrite-keeping-times.ts';

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function cache() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-checks-'));
  const checks = () => new VerifiedFiles(path.join(folder, 'blob-checks.v8'));
  return { folder, blobs: path.join(folder, 'blobs'), checks };
}

/** A build that keeps `text` in the store and saves its checks. */
function firstBuild(blobs: string, checks: VerifiedFiles, text: string): string {
  const store = new BlobStore(blobs, checks);
  const hash = store.keep(Buffer.from(text));
  checks.save();
  return path.join(blobs, hash.slice(0, 2), hash.slice(2));
}

test('a blob untouched since a build recorded it is trusted without being read', () => {
  const { blobs, checks } = cache();
  const text = 'the bytes of a page';
  const hash = hashOf(text);
  const blob = firstBuild(blobs, checks(), text);
  // Only a record that lies shows that nothing was read: the bytes no longer hash to the name,
  // and the record says they do (made after the change, as if the build had written them).
  rewriteKeepingTimes(blob, 'other bytes, same size');
  const lying = checks();
  lying.record(hash, blob, hash);
  lying.save();
  assert.equal(new BlobStore(blobs, checks()).has(hash), true, 'the recorded identity alone vouches for the blob');
  assert.equal(fs.existsSync(blob), true);
});

test('an intact blob with no record is read once, then recorded for the next build', () => {
  const { folder, blobs, checks } = cache();
  const hash = hashOf('a page');
  const blob = firstBuild(blobs, checks(), 'a page');
  fs.rmSync(path.join(folder, 'blob-checks.v8'));
  const second = checks();
  assert.equal(new BlobStore(blobs, second).has(hash), true);
  second.save();
  assert.equal(checks().vouches(hash, blob, hash), true, 'the check of this build is recorded');
});

test('a blob edited in place with its times put back, cut short, or replaced by a symlink is read, found damaged and removed', () => {
  const cases: [string, (blob: string, root: string) => void][] = [
    ['one byte changed, same size, times put back', (blob) => rewriteKeepingTimes(blob, 'The bytes of a page')],
    ['cut short, times put back', (blob) => rewriteKeepingTimes(blob, 'the bytes')],
    [
      'replaced by a symlink to a file of the same size and times',
      (blob, root) => {
        const outside = path.join(root, 'outside');
        fs.writeFileSync(outside, 'The bytes of a page');
        execFileSync('touch', ['-r', blob, outside]);
        fs.rmSync(blob);
        fs.symlinkSync(outside, blob);
      },
    ],
  ];
  for (const [name, damage] of cases) {
    const { folder, blobs, checks } = cache();
    const hash = hashOf('the bytes of a page');
    const blob = firstBuild(blobs, checks(), 'the bytes of a page');
    damage(blob, folder);
    const store = new BlobStore(blobs, checks());
    assert.equal(store.has(hash), false, `${name}: the damaged blob is not used`);
    assert.equal(fs.lstatSync(blob, { throwIfNoEntry: false }), undefined, `${name}: the damaged blob is removed`);
  }
});
