// Whole-process measurement: wall time read here, CPU time and peak RSS from GNU time,
// so every tool (ours and the peers) is measured the same way, start-up included.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const gnuTime = '/usr/bin/time';

export interface Measured {
  wallS: number;
  cpuS: number;
  /** Peak resident set of the largest process of the tree (GNU time's %M), in MB. */
  peakRssMb: number;
  exitCode: number;
  timedOut: boolean;
  /** 1-minute load average when the run started: shows whether other work shared the CPUs. */
  load: number;
  stdout: string;
  stderr: string;
  /** For a `portal build --json`: the time of its search phase (the index's part of the wall time), in ms. */
  searchPhaseMs?: number;
}

/** Fails early with a fix when Debian's `time` is missing (the shell builtin cannot report RSS). */
export function requireGnuTime(): void {
  if (!fs.existsSync(gnuTime)) {
    throw new Error(`${gnuTime} is missing: install Debian's time package (apt-get install -y time), then run the benchmark again.`);
  }
}

/** Runs a command under GNU time (and coreutils' timeout, which kills its whole process group). */
export async function measure(command: string, args: string[], options: { cwd: string; timeoutS?: number; env?: NodeJS.ProcessEnv }): Promise<Measured> {
  const timeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-time-')), 'time.txt');
  const timeout = options.timeoutS ? ['timeout', '-k', '10', String(options.timeoutS)] : [];
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const child = spawn(gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, ...timeout, command, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  const wallS = (performance.now() - started) / 1000;
  // GNU time prints "Command exited with non-zero status N" before the figures: take the last line.
  const lines = fs.readFileSync(timeFile, 'utf8').trim().split('\n');
  fs.rmSync(path.dirname(timeFile), { recursive: true, force: true });
  const [, user, sys, rssKb] = lines.at(-1)!.split(' ').map(Number);
  return { wallS, cpuS: user! + sys!, peakRssMb: rssKb! / 1024, exitCode, timedOut: Boolean(options.timeoutS) && exitCode === 124, load, stdout, stderr };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median of each figure over the runs (3 runs: the middle value of each). */
export function medianOf(runs: Measured[]): { wallS: number; cpuS: number; peakRssMb: number; runs: number; maxLoad: number; searchPhaseMs?: number } {
  const searchPhases = runs.flatMap((run) => (run.searchPhaseMs === undefined ? [] : [run.searchPhaseMs]));
  return {
    wallS: median(runs.map((run) => run.wallS)),
    cpuS: median(runs.map((run) => run.cpuS)),
    peakRssMb: median(runs.map((run) => run.peakRssMb)),
    runs: runs.length,
    maxLoad: Math.max(...runs.map((run) => run.load)),
    searchPhaseMs: searchPhases.length ? median(searchPhases) : undefined,
  };
}
