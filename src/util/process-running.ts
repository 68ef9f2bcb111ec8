import fs from 'node:fs';

/** Whether a process of this id runs (this one included): a signal 0 tests it without sending anything. */
export function isProcessRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, as the kernel counts it (on Linux, clock ticks since boot, field 22
 * of /proc/<pid>/stat); undefined where the system does not say. With the pid it names one
 * process: a pid the system hands out again later belongs to a process with another start time.
 */
export function processStartTime(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) is in parentheses and may hold spaces and parentheses itself.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process recorded as `pid` (started at `startTime`, when that was known) still
 * runs: a running process with that pid but another start time is a later one that reuses it.
 */
export function isSameProcessRunning(pid: number, startTime: string | undefined): boolean {
  if (!isProcessRunning(pid)) return false;
  if (startTime === undefined) return true;
  const now = processStartTime(pid);
  return now === undefined || now === startTime;
}
