// The repository's own portal, built as a writer builds it, for the suites that test the real
// content (search relevance, accessibility). It is always built and never read from the
// checkout's dist/, which may predate a change to src/, templates/ or content/: the build cache
// (keyed on all of those) makes it a warm build when nothing changed and a correct one when
// anything did. The suites of one test run share the build (run-builds.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './fixtures.ts';
import { oncePerRun } from './run-builds.ts';

/** The output folder of the real portal built for this test run: serve it and read it, never write into it. */
export function realSite(): Promise<string> {
  return oncePerRun('real-site', async (folder) => {
    const out = path.join(folder, 'dist');
    await buildRealSite(out);
    return out;
  });
}

/** `portal build --out <out>` in the checkout, with its build cache; throws with the build's output when it fails. */
function buildRealSite(out: string): Promise<void> {
  // Strict, as CI builds: what makes the site hard for AI assistants to read fails the build.
  const args = ['bin/portal.mjs', 'build', '--strict', '--out', out];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status === 0) resolve();
      else reject(new Error(`the real site does not build (\`node ${args.join(' ')}\` in ${repoRoot} exited with ${status}); fix what it reports and run the tests again:\n${log}`));
    });
  });
}
