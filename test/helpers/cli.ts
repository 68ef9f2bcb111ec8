// The portal command run as a writer runs it (a process of its own), without blocking the test
// runner: tests that each start one command can then run side by side. Most of such a command's
// time on a small fixture is one core loading the CLI's modules, so two at once on two cores take
// about half the wall time of one after the other (scripts/run-tests.mjs runs the integration files
// one at a time, which leaves the second core idle).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './fixtures.ts';

const cli = path.join(repoRoot, 'bin', 'portal.mjs');

/** How many small-fixture commands a describe runs at once (its `concurrency`): one per core. */
export const commandsSideBySide = os.availableParallelism();

export interface CommandResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * `node bin/portal.mjs ...args` in `cwd`, as `spawnSync` would run it: the exit status, the signal
 * that ended it (SIGTERM when `timeout` ms passed first) and its whole output.
 */
export function runPortal(cwd: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeout?: number } = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeout });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}
