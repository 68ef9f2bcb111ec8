import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessRunning } from '../util/process-running.ts';

/**
 * Puts back an output left aside by an interrupted swap and clears abandoned staging folders.
 * A build swaps by two renames (the old output aside, the new one in); killed between them it
 * leaves no output, only the one set aside. Every command that reads the output (build, serve,
 * check-links, mcp) runs this first.
 */
export function recoverInterruptedSwap(outDir: string): void {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  if (!fs.existsSync(parent)) return;
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(`${base}.previous-`)) {
      const aside = path.join(parent, name);
      if (!fs.existsSync(outDir)) fs.renameSync(aside, outDir);
      else fs.rmSync(aside, { recursive: true, force: true });
    } else if (name.startsWith(`.${base}.discarded-`)) {
      // Left by a deletion that was stopped (or is still at work: two deletions do not mind each other).
      removeInBackground(path.join(parent, name));
    } else if (name.startsWith(`${base}.staging-`)) {
      const pid = Number(name.slice(`${base}.staging-`.length).split('-')[0]);
      if (!isProcessRunning(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
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
