import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkProjectFile, configFileRoots, type ProjectFileCheck, readPublishableFile } from '../../../src/util/project-files.ts';

// The one rule for every file the build reads: really inside the project, and a regular file.

function tree(): { root: string; outside: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'img'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, 'img', 'logo.svg'), '<svg/>');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  return { root, outside };
}

const reason = (check: ProjectFileCheck) => (check.status === 'refused' ? check.refusal.reason : check.status);

test('a file in the project, directly or through a symlink that stays inside, may be read', () => {
  const { root } = tree();
  fs.symlinkSync('logo.svg', path.join(root, 'img', 'alias.svg'));
  for (const file of ['img/logo.svg', 'img/alias.svg']) {
    const check = checkProjectFile(path.join(root, file), [root]);
    assert.equal(check.status, 'ok', reason(check));
    assert.equal(check.status === 'ok' && check.real, fs.realpathSync(path.join(root, 'img', 'logo.svg')));
  }
  // A project reached through a symlinked folder is still itself.
  const alias = `${root}-alias`;
  fs.symlinkSync(root, alias);
  assert.equal(checkProjectFile(path.join(alias, 'img/logo.svg'), [alias]).status, 'ok');
});

test('a symlink, a symlinked folder or a path leading out of the project is refused, naming where it leads', () => {
  const { root, outside } = tree();
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'img', 'secret.png'));
  fs.symlinkSync(outside, path.join(root, 'borrowed'));
  const real = fs.realpathSync(path.join(outside, 'secret.txt'));
  for (const file of [path.join(root, 'img/secret.png'), path.join(root, 'borrowed/secret.txt'), path.join(root, '../outside/secret.txt'), '/proc/self/environ']) {
    assert.match(reason(checkProjectFile(file, [root])), /^leads outside the project \(to \//, file);
  }
  assert.equal(reason(checkProjectFile(path.join(root, 'img/secret.png'), [root])), `leads outside the project (to ${real})`);
});

test('a FIFO, a folder where a file is expected, and a symlink loop are refused; a broken symlink is missing', () => {
  const { root } = tree();
  execFileSync('mkfifo', [path.join(root, 'pipe.md')]);
  fs.symlinkSync('loop.md', path.join(root, 'loop.md'));
  fs.symlinkSync('gone.md', path.join(root, 'broken.md'));
  assert.equal(reason(checkProjectFile(path.join(root, 'pipe.md'), [root])), 'is a FIFO (named pipe), not a regular file');
  assert.equal(reason(checkProjectFile(path.join(root, 'img'), [root])), 'is a folder, not a regular file');
  assert.equal(checkProjectFile(path.join(root, 'img'), [root], { kind: 'folder' }).status, 'ok');
  assert.equal(reason(checkProjectFile(path.join(root, 'loop.md'), [root])), 'is a symlink loop');
  assert.equal(checkProjectFile(path.join(root, 'broken.md'), [root]).status, 'missing');
});

test('hidden files are refused, except under .well-known', () => {
  const { root } = tree();
  for (const file of ['.git/config', 'img/.env', '.well-known/security.txt']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
  }
  assert.match(reason(checkProjectFile(path.join(root, '.git/config'), [root])), /^is hidden \("\.git" starts with "\."\)/);
  assert.match(reason(checkProjectFile(path.join(root, 'img/.env'), [root])), /^is hidden \("\.env"/);
  assert.equal(checkProjectFile(path.join(root, '.well-known/security.txt'), [root]).status, 'ok');
});

test('the publish rule is checked on the real path: a symlink to .env, into .git/ or into node_modules/ is refused', () => {
  const { root } = tree();
  for (const file of ['.env', '.git/config', 'node_modules/pkg/secret.txt']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
  }
  fs.symlinkSync('../.env', path.join(root, 'img', 'env.txt'));
  fs.symlinkSync('../.git', path.join(root, 'img', 'repo'));
  fs.symlinkSync('../node_modules/pkg', path.join(root, 'img', 'pkg'));
  assert.match(reason(checkProjectFile(path.join(root, 'img/env.txt'), [root])), /^leads to a hidden file \(\.env: "\.env" starts with "\."\)/);
  assert.match(reason(checkProjectFile(path.join(root, 'img/repo'), [root], { kind: 'folder' })), /^leads to a hidden folder \(\.git: "\.git"/);
  assert.match(reason(checkProjectFile(path.join(root, 'img/repo/config'), [root])), /^leads to a hidden file \(\.git\/config/);
  assert.match(reason(checkProjectFile(path.join(root, 'img/pkg/secret.txt'), [root])), /^leads into node_modules\/ \(node_modules\/pkg\/secret\.txt\)/);
  assert.match(reason(checkProjectFile(path.join(root, 'node_modules/pkg/secret.txt'), [root])), /^is in node_modules\//);
  // A file the config names in a package is read from that package's folder, as a spec outside the project is.
  const roots = configFileRoots(root, 'node_modules/pkg/secret.txt');
  assert.equal(checkProjectFile(path.join(root, 'node_modules/pkg/secret.txt'), roots).status, 'ok');
  assert.match(reason(checkProjectFile(path.join(root, 'img/env.txt'), roots)), /^leads to a hidden file/);
});

test('a file is read once, from what was opened: a name swapped for a symlink or a FIFO is refused, without blocking', () => {
  const { root } = tree();
  fs.writeFileSync(path.join(root, '.env'), 'TOKEN=secret');
  const file = path.join(root, 'img', 'logo.svg');
  const read = readPublishableFile(file, [root]);
  assert.equal(read.status === 'ok' && read.bytes.toString(), '<svg/>');
  fs.rmSync(file);
  fs.symlinkSync('../.env', file);
  const swapped = readPublishableFile(file, [root]);
  assert.equal(swapped.status === 'refused' && swapped.refusal.reason, 'leads to a hidden file (.env: ".env" starts with "."), and hidden files are not published');
  fs.rmSync(file);
  execFileSync('mkfifo', [file]);
  const fifo = readPublishableFile(file, [root]);
  assert.equal(fifo.status === 'refused' && fifo.refusal.reason, 'is a FIFO (named pipe), not a regular file');
  fs.rmSync(file);
  assert.equal(readPublishableFile(file, [root]).status, 'missing');
});

test('a file the config names outside the project may read beside itself; one inside it gets no such allowance', () => {
  assert.deepEqual(configFileRoots('/site', 'content/specs/api.yaml'), ['/site']);
  assert.deepEqual(configFileRoots('/site', '../vendor/specs/api.yaml'), ['/site', '/vendor/specs']);
  assert.deepEqual(configFileRoots('/site', 'node_modules/@pexip/api/openapi.yaml'), ['/site', '/site/node_modules/@pexip/api']);
});
