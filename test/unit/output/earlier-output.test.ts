import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { EarlierOutput } from '../../../src/output/earlier-output.ts';

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function folders() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'earlier-output-'));
  const dist = path.join(root, 'dist');
  const staging = path.join(root, 'staging');
  fs.mkdirSync(path.join(dist, 'docs'), { recursive: true });
  fs.mkdirSync(staging);
  return { root, dist, staging };
}

test('a file of the last output with the wanted bytes is linked into the new one', () => {
  const { dist, staging } = folders();
  fs.writeFileSync(path.join(dist, 'docs', 'page.html'), 'the page');
  const target = path.join(staging, 'page.html');
  assert.equal(new EarlierOutput(dist).linkInto('docs/page.html', hashOf('the page'), target), true);
  assert.equal(fs.statSync(target).ino, fs.statSync(path.join(dist, 'docs', 'page.html')).ino);
});

test('a file edited since, one with a second name (an older build linked outputs into the cache), a symlink or a missing file is not linked', () => {
  const { root, dist, staging } = folders();
  fs.writeFileSync(path.join(dist, 'edited.html'), 'the page, edited by hand');
  fs.writeFileSync(path.join(dist, 'shared.html'), 'the page');
  fs.linkSync(path.join(dist, 'shared.html'), path.join(root, 'blob'));
  fs.writeFileSync(path.join(root, 'outside.html'), 'the page');
  fs.symlinkSync(path.join(root, 'outside.html'), path.join(dist, 'symlink.html'));
  fs.symlinkSync(root, path.join(dist, 'linked-folder'));
  const earlier = new EarlierOutput(dist);
  for (const file of ['edited.html', 'shared.html', 'symlink.html', 'linked-folder/outside.html', 'missing.html', '../outside.html']) {
    assert.equal(earlier.linkInto(file, hashOf('the page'), path.join(staging, path.basename(file))), false, file);
  }
  assert.deepEqual(fs.readdirSync(staging), []);
});

test('no earlier output: nothing is linked', () => {
  const { root, staging } = folders();
  assert.equal(new EarlierOutput(path.join(root, 'never-built')).linkInto('page.html', hashOf('x'), path.join(staging, 'page.html')), false);
});
