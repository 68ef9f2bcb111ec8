import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { GuardedFolder, resolveInside } from '../../../src/output/inside-folder.ts';
import { AtomicOutput } from '../../../src/output/output.ts';

/** A temporary folder holding `root/` (the folder written to) and `outside/` (which must stay empty). */
function sandbox() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-inside-folder-'));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  return { base, root, outside };
}

const filesUnder = (folder: string) => fs.readdirSync(folder, { recursive: true }).map(String).sort();

test('a path inside the folder resolves there and gets its folder made', () => {
  const { root } = sandbox();
  const folder = new GuardedFolder(root);
  const file = folder.fileFor('docs/guides/setup/index.html');
  assert.equal(file, path.join(root, 'docs', 'guides', 'setup', 'index.html'));
  assert.ok(fs.statSync(path.dirname(file)).isDirectory());
  assert.equal(folder.fileFor('robots.txt'), path.join(root, 'robots.txt'));
});

test('climbing, absolute, NUL and backslash paths are refused, and nothing is made outside', () => {
  const { base, root, outside } = sandbox();
  const folder = new GuardedFolder(root);
  for (const relative of ['../x', '../outside/x', 'docs/../../outside/x', 'docs/../..', path.join(outside, 'x'), '/etc/x', 'a\0b', '..\\outside\\x', '', '.']) {
    assert.throws(() => folder.fileFor(relative), /refused to write/, JSON.stringify(relative));
  }
  assert.deepEqual(filesUnder(outside), []);
  assert.deepEqual(fs.readdirSync(base).sort(), ['outside', 'root']);
  // The same rule answers the server's lookups (no throw there: a miss).
  assert.equal(resolveInside(root, '../outside/x'), undefined);
  assert.equal(resolveInside(root, './docs/a.html'), path.join(root, 'docs', 'a.html'));
});

test('a symlinked folder on the way is refused, wherever it points, and nothing is made through it', () => {
  const { root, outside } = sandbox();
  fs.symlinkSync(outside, path.join(root, 'docs'));
  fs.mkdirSync(path.join(root, 'real'));
  fs.symlinkSync(path.join(root, 'real'), path.join(root, 'inner-link'));
  const folder = new GuardedFolder(root);
  assert.throws(() => folder.fileFor('docs/x.html'), /docs in .* is a symlink/);
  assert.throws(() => folder.fileFor('docs/deeper/still/x.html'), /docs in .* is a symlink/);
  assert.throws(() => folder.fileFor('inner-link/x.html'), /is a symlink/);
  assert.deepEqual(filesUnder(outside), []);
  // A regular file where a folder should be is no way through either.
  fs.writeFileSync(path.join(root, 'file'), 'x');
  assert.throws(() => folder.fileFor('file/x.html'), /not a folder/);
});

test("every write of a build (write, copy) goes through the staging folder's guard", () => {
  const { base, root, outside } = sandbox();
  const source = path.join(base, 'source.txt');
  fs.writeFileSync(source, 'copied');
  const output = new AtomicOutput(path.join(root, 'dist'));
  try {
    assert.throws(() => output.write('../escaped.html', 'x'), /refused to write/);
    assert.throws(() => output.write('docs/../../../outside/escaped.html', 'x'), /refused to write/);
    assert.throws(() => output.copy('../../outside/copied.txt', source), /refused to write/);
    assert.throws(() => output.write(path.join(outside, 'absolute.html'), 'x'), /refused to write/);
    fs.symlinkSync(outside, path.join(output.staging, 'linked'));
    assert.throws(() => output.write('linked/escaped.html', 'x'), /is a symlink/);
    output.write('docs/fine/index.html', 'fine');
    assert.equal(fs.readFileSync(path.join(output.staging, 'docs', 'fine', 'index.html'), 'utf8'), 'fine');
  } finally {
    output.abandon();
  }
  assert.deepEqual(filesUnder(outside), []);
  assert.deepEqual(fs.readdirSync(root), []);
  assert.deepEqual(fs.readdirSync(base).sort(), ['outside', 'root', 'source.txt']);
});
