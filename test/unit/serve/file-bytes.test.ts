import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { FileBytes } from '../../../src/serve/file-bytes.ts';
import { outputFiles, type OutputFile } from '../../../src/serve/output-files.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bytes-'));
const files = outputFiles(root, true);

function write(name: string, contents: string): OutputFile {
  fs.writeFileSync(path.join(root, name), contents);
  return files.lookup(`/${name}`)!;
}

test('files are kept within the total bound, the least recently used going first', () => {
  const bytes = new FileBytes(100, 100);
  const [a, b, c] = ['a', 'b', 'c'].map((name) => write(name, name.repeat(40)));
  bytes.get(a);
  bytes.get(b);
  bytes.get(a); // a is now the most recent, so c's 40 bytes push b out
  bytes.get(c);
  // A file kept in memory is not read again: with the files gone from disk, only those kept answer.
  for (const name of ['a', 'b', 'c']) fs.rmSync(path.join(root, name));
  assert.deepEqual([a, b, c].map((file) => bytes.get(file)?.toString()), ['a'.repeat(40), undefined, 'c'.repeat(40)]);
});

test('a file over the per-file bound is left on disk', () => {
  assert.equal(new FileBytes(100, 1000).get(write('big', 'x'.repeat(200))), undefined);
  assert.equal(new FileBytes(100, 1000).get(write('small', 'x'.repeat(100)))?.length, 100);
});

test('a file whose inode, size or time changed is read again', () => {
  const bytes = new FileBytes();
  const first = write('page', 'first');
  assert.equal(bytes.get(first)?.toString(), 'first');
  // Same length, rewritten in place, its time set back: only the time tells.
  fs.writeFileSync(path.join(root, 'page'), 'other');
  fs.utimesSync(path.join(root, 'page'), new Date(2000, 0, 1), new Date(2000, 0, 1));
  assert.equal(bytes.get(files.lookup('/page')!)?.toString(), 'other');
});
