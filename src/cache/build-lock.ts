import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PortalError } from '../errors.ts';
import { makeCacheRoot } from './cache-folder.ts';
import { isSameProcessRunning, processStartTime } from '../util/process-running.ts';

/** What the lock file holds: who builds, and since when. */
interface LockHolder {
  pid: number;
  started: string;
  /**
   * The holder's start time as the system counts it (see processStartTime): with the pid, it
   * tells the build that wrote the lock from a later process given the same pid. Absent in
   * locks of older portals and where the system does not say; then the pid alone decides.
   */
  processStart?: string;
}

/** This process's start time, read once. */
let ownStart: string | undefined | null = null;
const ownStartTime = () => (ownStart === null ? (ownStart = processStartTime(process.pid)) : ownStart);

/** Per lock file, the end of this process's queue of builds: watch mode's rebuilds take turns. */
const turns = new Map<string, Promise<void>>();

/**
 * One build at a time per cache folder. Two builds sharing a cache overwrite each other's
 * stores and prune each other's blobs (the second then fails to link a blob the first removed),
 * so a build takes `build.lock` in the cache folder first: a file created only if absent, holding
 * the pid and start time of its build, and the process's start time as the system counts it.
 * Another process waits for it; a lock whose process is gone (a killed build), or whose pid a
 * later process reuses, is taken over. Builds of one process (watch mode) queue in memory, so
 * the file never stands between a process and itself. Returns the release.
 */
export async function acquireBuildLock(cacheFolder: string, options: { waitMs: number; onWait: (message: string) => void }): Promise<() => void> {
  const file = path.join(cacheFolder, 'build.lock');
  const previous = turns.get(file) ?? Promise.resolve();
  let finished!: () => void;
  const mine = new Promise<void>((resolve) => (finished = resolve));
  const tail = previous.then(() => mine);
  turns.set(file, tail);
  const endTurn = () => {
    finished();
    if (turns.get(file) === tail) turns.delete(file);
  };
  await previous;
  try {
    await takeFileLock(file, options);
  } catch (error) {
    endTurn();
    throw error;
  }
  return () => {
    // Only our own lock: never one another build took over meanwhile.
    if (isOwn(readHolder(file))) fs.rmSync(file, { force: true });
    endTurn();
  };
}

async function takeFileLock(file: string, options: { waitMs: number; onWait: (message: string) => void }): Promise<void> {
  makeCacheRoot(path.dirname(file));
  const deadline = Date.now() + options.waitMs;
  let waitingFor: number | undefined;
  for (;;) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, started: new Date().toISOString(), processStart: ownStartTime() } satisfies LockHolder), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (!holder && !isOlderThan(file, 2000)) {
      // Empty: its build is between creating and writing it.
      await sleep(50);
      continue;
    }
    // Held by no running process (our own pid here is a reused one: this process's builds queue
    // above; a running process of another start time reuses the pid of a killed build): taken over.
    if (!holder || holder.pid === process.pid || !isSameProcessRunning(holder.pid, holder.processStart)) {
      // Left by a build that was killed, or unreadable for long: written by no build.
      // Renamed first, so of two builds taking it over at once only one removes it.
      const stale = `${file}.stale-${process.pid}`;
      try {
        fs.renameSync(file, stale);
        fs.rmSync(stale, { force: true });
      } catch {
        // Another build took it over first: try again.
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new PortalError({
        severity: 'error',
        file,
        message: `another build (pid ${holder.pid}, started ${holder.started}) is still using this cache folder after ${Math.round(options.waitMs / 1000)} s of waiting`,
        hint: `Wait for it to finish or stop it, then build again. If no such build runs, delete ${file}.`,
      });
    }
    if (waitingFor !== holder.pid) {
      waitingFor = holder.pid;
      options.onWait(`waiting for the build of pid ${holder.pid} (started ${holder.started}), which uses the same cache folder`);
    }
    await sleep(200);
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    // Absent, empty, half-written or not ours: no holder.
    if (typeof holder.pid !== 'number') return undefined;
    return { pid: holder.pid, started: String(holder.started), processStart: typeof holder.processStart === 'string' ? holder.processStart : undefined };
  } catch {
    return undefined;
  }
}

/** Whether the lock is this process's own (same pid, and the same start time where known). */
function isOwn(holder: LockHolder | undefined): boolean {
  return holder?.pid === process.pid && (holder.processStart === undefined || holder.processStart === ownStartTime());
}

function isOlderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs > ms;
  } catch {
    return true;
  }
}
