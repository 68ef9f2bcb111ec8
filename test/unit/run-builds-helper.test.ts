import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { oncePerRun, takeLock } from '../helpers/run-builds.ts';

// The suites of one test run share a build: the first builds, the others wait for it and reuse
// it, a failed build fails them all with its message, and a lock left by a killed suite does not
// hang the run.

const made: string[] = [];
const runFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-run-builds-test-'));
  made.push(folder);
  return folder;
};
after(() => {
  for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
});

/** A stand-in build that counts its calls, writes into its folder and takes a while, as a real one does. */
function countingBuild(failure?: string) {
  const calls: string[] = [];
  const make = async (folder: string): Promise<{ out: string }> => {
    calls.push(folder);
    await sleep(200);
    if (failure) throw new Error(failure);
    fs.writeFileSync(path.join(folder, 'index.html'), '<p>built</p>');
    return { out: folder };
  };
  return { make, calls };
}

test('suites asking at once get one build, and a later suite reuses it', async () => {
  const run = runFolder();
  const { make, calls } = countingBuild();
  const built = { out: path.join(run, 'site') };
  assert.deepEqual(await Promise.all([oncePerRun('site', make, run), oncePerRun('site', make, run), oncePerRun('site', make, run)]), [built, built, built]);
  assert.deepEqual(await oncePerRun('site', make, run), built);
  assert.deepEqual(calls, [path.join(run, 'site')], 'built once');
  assert.equal(fs.readFileSync(path.join(run, 'site', 'index.html'), 'utf8'), '<p>built</p>');
  assert.equal(fs.existsSync(path.join(run, 'site.lock')), false, 'the lock is released');
});

test('different builds of one run, and the same build in a new run, are each made', async () => {
  const { make, calls } = countingBuild();
  const run = runFolder();
  await oncePerRun('fixture-basic', make, run);
  await oncePerRun('real-site', make, run);
  await oncePerRun('real-site', make, runFolder());
  assert.equal(calls.length, 3);
});

test('a failed build fails every suite of the run with its message, without building again', async () => {
  const run = runFolder();
  const { make, calls } = countingBuild('content/docs/a.md:3  error: link to "/nowhere" not found');
  for (let i = 0; i < 2; i++) {
    await assert.rejects(oncePerRun('real-site', make, run), { message: 'content/docs/a.md:3  error: link to "/nowhere" not found' });
  }
  assert.equal(calls.length, 1);
});

test('a lock left by a process that is gone is taken over', async () => {
  const run = runFolder();
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  fs.writeFileSync(path.join(run, 'site.lock'), String(gone));
  const { make, calls } = countingBuild();
  assert.deepEqual(await oncePerRun('site', make, run), { out: path.join(run, 'site') });
  assert.equal(calls.length, 1);
});

test('a lock held by a running process is waited for', async () => {
  const lock = path.join(runFolder(), 'site.lock');
  const release = await takeLock(lock);
  let taken = false;
  const waiting = takeLock(lock, 20).then((second) => {
    taken = true;
    second();
  });
  await sleep(150);
  assert.equal(taken, false, 'still waiting while the first holder has it');
  release();
  await waiting;
  assert.equal(taken, true);
});
