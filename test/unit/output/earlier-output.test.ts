import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BlobStore } from '../../../src/cache/blobs.ts';
import { VerifiedFiles } from '../../../src/cache/verified-files.ts';
import { EarlierOutput } from '../../../src/output/earlier-output.ts';
import { AtomicOutput } from '../../../src/output/output.ts';
import { rewriteKeepingTimes } from '../../helpers/rewrite-keeping-times.ts';

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

test('a file whose identity is the one its build recorded is linked without being read', () => {
  const { root, dist, staging } = folders();
  const file = path.join(dist, 'docs', 'page.html');
  fs.writeFileSync(file, 'the page, changed by hand');
  // A record that lies about the bytes: only linking without reading them follows it.
  const verified = new VerifiedFiles(path.join(root, 'output-files.v8'));
  verified.record('docs/page.html', file, hashOf('the page'));
  assert.equal(new EarlierOutput(dist, verified).linkInto('docs/page.html', hashOf('the page'), path.join(staging, 'page.html')), true);
});

test('a recorded file edited in place with its times put back, or replaced by a symlink to a look-alike, is read and refused', () => {
  const { root, dist, staging } = folders();
  const verified = new VerifiedFiles(path.join(root, 'output-files.v8'));
  for (const name of ['edited.html', 'symlink.html']) {
    fs.writeFileSync(path.join(dist, name), 'the page');
    verified.record(name, path.join(dist, name), hashOf('the page'));
  }
  rewriteKeepingTimes(path.join(dist, 'edited.html'), 'The page');
  // The same size and times, other bytes, outside the output.
  fs.writeFileSync(path.join(root, 'look-alike.html'), 'The page');
  execFileSync('touch', ['-r', path.join(dist, 'symlink.html'), path.join(root, 'look-alike.html')]);
  fs.rmSync(path.join(dist, 'symlink.html'));
  fs.symlinkSync(path.join(root, 'look-alike.html'), path.join(dist, 'symlink.html'));
  const earlier = new EarlierOutput(dist, verified);
  for (const name of ['edited.html', 'symlink.html']) assert.equal(earlier.linkInto(name, hashOf('the page'), path.join(staging, name)), false, name);
  assert.deepEqual(fs.readdirSync(staging), []);
});

test('after the swap every file of the new output is recorded as it stays, linked ones included; the next build links them unread, and copies one edited meanwhile', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'output-record-'));
  const dist = path.join(root, 'dist');
  const blobs = new BlobStore(path.join(root, 'cache', 'blobs'));
  const record = () => new VerifiedFiles(path.join(root, 'cache', 'output-files.v8'));
  const pages = { 'routes.json': '{}', 'docs/a.html': 'page a', 'docs/b.html': 'page b' };

  const first = record();
  const one = new AtomicOutput(dist, undefined, blobs, undefined, false, first);
  const hashes = Object.fromEntries(Object.entries(pages).map(([file, text]) => [file, one.write(file, text)!]));
  await one.commit();
  first.save();
  const inodes = Object.fromEntries(Object.keys(pages).map((file) => [file, fs.statSync(path.join(dist, file)).ino]));
  rewriteKeepingTimes(path.join(dist, 'docs', 'b.html'), 'page B');

  const second = record();
  const two = new AtomicOutput(dist, undefined, blobs, undefined, false, second);
  for (const file of Object.keys(pages)) two.writeKnown(file, hashes[file]);
  await two.commit();
  second.save();
  assert.equal(fs.statSync(path.join(dist, 'docs', 'a.html')).ino, inodes['docs/a.html'], 'the untouched file is linked');
  assert.notEqual(fs.statSync(path.join(dist, 'docs', 'b.html')).ino, inodes['docs/b.html'], 'the edited file is not');
  assert.equal(fs.readFileSync(path.join(dist, 'docs', 'b.html'), 'utf8'), 'page b', 'it is copied from the cache with its built bytes');
  const recorded = record();
  for (const file of Object.keys(pages)) {
    assert.equal(fs.statSync(path.join(dist, file)).nlink, 1, `${file} has one name`);
    assert.equal(recorded.vouches(file, path.join(dist, file), hashes[file]), true, `${file} is recorded as the swap left it`);
  }
});
