import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessRunning } from '../util/process-running.ts';
import { strayPreviousMarkers, swapLeftover, unmarkPreviousOutput, unmarkSwapFolder } from './swap-folders.ts';

/**
 * Puts back an output left aside by an interrupted swap and clears abandoned staging folders.
 * A build swaps by two renames (the old output aside, the new one in); killed between them it
 * leaves no output, only the one set aside. Every command that reads the output (build, serve,
 * check-links, mcp) runs this first. Only folders portal's swap made are touched: the exact
 * name and its marker (inside, or beside a set-aside output; see swap-folders.ts); a writer's `dist.previous-2023/` stays.
 */
export function recoverInterruptedSwap(outDir: string): void {
  const parent = path.dirname(outDir);
  if (!fs.existsSync(parent)) return;
  const names = fs.readdirSync(parent);
  for (const name of names) {
    const leftover = swapLeftover(outDir, name);
    if (!leftover) continue;
    const { kind, folder, pid, marked } = leftover;
    if (kind === 'previous') {
      // lstat: a dangling symlink at outDir is something there, not a missing output.
      if (!fs.lstatSync(outDir, { throwIfNoEntry: false })) {
        fs.renameSync(folder, outDir);
        unmarkSwapFolder(outDir);
      } else fs.rmSync(folder, { recursive: true, force: true });
      unmarkPreviousOutput(outDir, leftover.stamp);
    } else if (kind === 'discarded') {
      // Left by a deletion that was stopped (or is still at work: two deletions do not mind each other).
      removeInBackground(folder);
    } else if (!isProcessRunning(pid)) {
      // A staging folder of a build that is gone; one killed before its marker was written is empty.
      if (marked) fs.rmSync(folder, { recursive: true, force: true });
      else {
        try {
          fs.rmdirSync(folder); // fails, and leaves it, if anything was written into it since
        } catch {
          // not empty any more, or gone
        }
      }
    }
  }
  // Left in the output by a build killed just after its swap: the new output was whole.
  unmarkSwapFolder(outDir);
  // Left beside it by a build killed after marking the output, before setting it aside.
  for (const stamp of strayPreviousMarkers(outDir, names)) unmarkPreviousOutput(outDir, stamp);
}

/**
 * Deletes the output a build replaced without making the build wait: tens of thousands of
 * unlinks cost seconds, and nothing needs them done. A process of its own outlives the CLI; if
 * it is stopped halfway, the next build's `recover` finishes the job.
 */
export function removeInBackground(folder: string): void {
  try {
    const child = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', folder], { detached: true, stdio: 'ignore' });
    child.on('error', () => fs.rmSync(folder, { recursive: true, force: true }));
    child.unref();
  } catch {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
