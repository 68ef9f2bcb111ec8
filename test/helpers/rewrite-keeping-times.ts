import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Rewrites `file` with `bytes` in place, then sets its times back to the nanosecond (touch -r, as
 * a tool would; node's utimes rounds them), so only the change time and the size can tell.
 */
export function rewriteKeepingTimes(file: string, bytes: Buffer | string): void {
  const reference = `${file}.times`;
  fs.writeFileSync(reference, '');
  execFileSync('touch', ['-r', file, reference]);
  fs.writeFileSync(file, bytes);
  execFileSync('touch', ['-r', reference, file]);
  fs.rmSync(reference);
}
