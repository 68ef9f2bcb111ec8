import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mock, test } from 'node:test';
import { PortalError } from '../../src/errors.ts';
import { buildSite, copyFixture, snapshotTree } from '../helpers/fixtures.ts';

// The file system refusing the output (a mount point, a full disk, a folder this user cannot
// write) used to end as "internal error". Each refusal is planted at the call that meets it on a
// real system (tests may run as root, where permissions block nothing; no test can fill a disk
// or mount a folder): the build must say which folder, that the last good site is intact, and
// what to do, and the last good site must be byte-identical.

const errno = (code: string, syscall: string, file: string) => Object.assign(new Error(`${code}: ${syscall} '${file}'`), { code, syscall, path: file });

async function goodSite() {
  const site = copyFixture('basic');
  assert.equal((await buildSite(site)).ok, true);
  return { site, dist: path.join(site, 'dist'), before: snapshotTree(path.join(site, 'dist')) };
}

const leftovers = (site: string) => fs.readdirSync(site).filter((name) => /^\.?dist\./.test(name));

test('dist as a mount point (EBUSY when it is renamed aside): says so, suggests --out, the last site stays', async (t) => {
  const { site, dist, before } = await goodSite();
  const rename = fs.renameSync;
  t.mock.method(fs, 'renameSync', (from: fs.PathLike, to: fs.PathLike) => {
    if (from === dist) throw errno('EBUSY', 'rename', dist);
    return rename(from, to);
  });
  await assert.rejects(buildSite(site), (error: PortalError) => {
    assert.ok(error instanceof PortalError, String(error));
    assert.match(error.message, /dist {2}error: the new site could not be swapped in for [^\n]*dist \(EBUSY\): [^\n]*mount point[^\n]*the last good site in [^\n]*dist is intact\n {2}Pass --out <a folder that is not a mount point>/);
    return true;
  });
  mock.restoreAll();
  assert.deepEqual(snapshotTree(dist), before);
  assert.deepEqual(leftovers(site), []);
});

test('the new site on another device (EXDEV as it is renamed in): the last site is put back, and the message says why', async (t) => {
  const { site, dist, before } = await goodSite();
  const rename = fs.renameSync;
  t.mock.method(fs, 'renameSync', (from: fs.PathLike, to: fs.PathLike) => {
    if (to === dist && String(from).includes('.staging-')) throw errno('EXDEV', 'rename', String(from));
    return rename(from, to);
  });
  await assert.rejects(buildSite(site), /could not be swapped in for [^\n]*dist \(EXDEV\)[^\n]*the last good site in [^\n]*dist is intact/);
  mock.restoreAll();
  assert.deepEqual(snapshotTree(dist), before);
  assert.deepEqual(leftovers(site), []);
});

test('a full disk (ENOSPC) while the new site is written: names the output folder and says the last site is intact', async (t) => {
  const { site, dist, before } = await goodSite();
  fs.writeFileSync(path.join(site, 'content/docs/infinity/guides/second-guide.md'), '---\ntitle: Changed\n---\nNew words, so new files are written.\n');
  t.mock.method(fs, 'linkSync', (_from: fs.PathLike, to: fs.PathLike) => {
    throw errno('ENOSPC', 'link', String(to));
  });
  t.mock.method(fs, 'copyFileSync', (_from: fs.PathLike, to: fs.PathLike) => {
    throw errno('ENOSPC', 'copyfile', String(to));
  });
  await assert.rejects(buildSite(site), (error: PortalError) => {
    assert.ok(error instanceof PortalError, String(error));
    assert.match(error.message, /dist {2}error: the disk is full \(ENOSPC\) while writing the new site [^\n]*; the last good site in [^\n]*dist is intact\n {2}Free some space on that disk/);
    return true;
  });
  mock.restoreAll();
  assert.deepEqual(snapshotTree(dist), before);
  assert.deepEqual(leftovers(site), []);
});

test('a read-only folder around the output (EACCES making the staging folder): says which folder to make writable, or --out', async (t) => {
  const { site, dist, before } = await goodSite();
  const mkdir = fs.mkdirSync;
  t.mock.method(fs, 'mkdirSync', (folder: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
    if (String(folder).includes('dist.staging-')) throw errno('EACCES', 'mkdir', String(folder));
    return mkdir(folder, options);
  });
  await assert.rejects(buildSite(site), (error: PortalError) => {
    assert.ok(error instanceof PortalError, String(error));
    assert.match(error.message, /dist {2}error: cannot write beside the output folder \(EACCES [^\n]*the last good site is intact\n {2}Make [^\n]+ writable for this user, or pass --out/);
    return true;
  });
  mock.restoreAll();
  assert.deepEqual(snapshotTree(dist), before);
});
