import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { acquireBuildLock } from '../../../src/cache/build-lock.ts';
import { processStartTime } from '../../../src/util/process-running.ts';

// A lock names its build by pid and by the process's start time: a pid handed out again to a
// later process (a killed build's pid reused) must not hold the cache for the whole wait.

function lockNaming(holder: object): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  fs.writeFileSync(path.join(folder, 'build.lock'), JSON.stringify(holder));
  return folder;
}

test('a lock whose pid now belongs to a later process (another start time) is taken over at once', { skip: processStartTime(process.pid) === undefined && 'the system does not say when a process started' }, async () => {
  const later = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    const started = processStartTime(later.pid!);
    assert.ok(started);
    const folder = lockNaming({ pid: later.pid, started: new Date().toISOString(), processStart: String(Number(started) - 1) });
    const waits: string[] = [];
    const release = await acquireBuildLock(folder, { waitMs: 600, onWait: (message) => waits.push(message) });
    assert.deepEqual(waits, [], 'no wait for a reused pid');
    assert.equal(JSON.parse(fs.readFileSync(path.join(folder, 'build.lock'), 'utf8')).pid, process.pid);
    assert.equal(JSON.parse(fs.readFileSync(path.join(folder, 'build.lock'), 'utf8')).processStart, processStartTime(process.pid));
    release();
    assert.equal(fs.existsSync(path.join(folder, 'build.lock')), false);
  } finally {
    later.kill();
  }
});

test('a lock of the running process it names (same start time) is waited for, then refused', async () => {
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    const folder = lockNaming({ pid: holder.pid, started: new Date().toISOString(), processStart: processStartTime(holder.pid!) });
    const waits: string[] = [];
    await assert.rejects(acquireBuildLock(folder, { waitMs: 300, onWait: (message) => waits.push(message) }), new RegExp(`another build \\(pid ${holder.pid}\\b`));
    assert.equal(waits.length, 1);
    assert.equal(JSON.parse(fs.readFileSync(path.join(folder, 'build.lock'), 'utf8')).pid, holder.pid, 'the holder keeps its lock');
  } finally {
    holder.kill();
  }
});
