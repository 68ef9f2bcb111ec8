// Builds that the suites of one test run share instead of each making their own: the real
// portal (real-site.ts) and the basic fixture as it is (fixtures.ts, builtFixture).
//
// scripts/run-tests.mjs names a temporary folder in PORTAL_TEST_BUILDS_DIR for the run and removes
// it afterwards. The first suite to ask for a build makes it there while holding a lock file (so
// two suites never build the same thing at once) and records the result; later suites of the run
// wait for the lock and reuse the record. A test file run on its own gets a folder of its own, so
// nothing outlives a run: the next run builds again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Set by scripts/run-tests.mjs: the folder the suites of one run share their builds in. */
export const buildsDirVariable = 'PORTAL_TEST_BUILDS_DIR';

let ownFolder: string | undefined;

/** This run's folder of shared builds. */
export function runBuildsFolder(): string {
  const named = process.env[buildsDirVariable];
  if (named) {
    fs.mkdirSync(named, { recursive: true });
    return named;
  }
  if (!ownFolder) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-builds-'));
    process.on('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    ownFolder = folder;
  }
  return ownFolder;
}

type Record<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * The result of `make(folder)` for `name`, made by the first suite of the run that asks and read
 * back by the others. `make` writes what it builds into `folder` and returns something JSON can
 * hold. When it throws, the error is recorded as well: every later suite fails at once with the
 * same message instead of spending another build on it.
 */
export async function oncePerRun<T>(name: string, make: (folder: string) => Promise<T>, runFolder = runBuildsFolder()): Promise<T> {
  const folder = path.join(runFolder, name);
  const recordFile = path.join(runFolder, `${name}.json`);
  const release = await takeLock(path.join(runFolder, `${name}.lock`));
  try {
    if (!fs.existsSync(recordFile)) {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.mkdirSync(folder, { recursive: true });
      let record: Record<T>;
      try {
        record = { ok: true, value: await make(folder) };
      } catch (error) {
        record = { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      // Written whole, then renamed: a suite never reads half a record.
      fs.writeFileSync(`${recordFile}.partial`, JSON.stringify(record));
      fs.renameSync(`${recordFile}.partial`, recordFile);
    }
  } finally {
    release();
  }
  const record = JSON.parse(fs.readFileSync(recordFile, 'utf8')) as Record<T>;
  if (!record.ok) throw new Error(record.error);
  return record.value;
}

const lockPatience = 20 * 60_000;

/** Creates `file` exclusively (waiting while another live process holds it) and returns its release. */
export async function takeLock(file: string, pollMs = 250): Promise<() => void> {
  const deadline = Date.now() + lockPatience;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder === undefined) continue; // released between the two calls
    // A suite killed mid-build leaves its lock behind; its process is gone, so the lock is void.
    if (holder && !isRunning(holder)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${file} has been held by process ${holder} for ${lockPatience / 60_000} minutes; if no test run is building, delete the file`);
    await sleep(pollMs);
  }
}

/** The process id written in a lock file (0 while its holder is still writing it), or undefined once it is gone. */
function holderOf(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
