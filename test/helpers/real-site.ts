// The repository's own portal, built as a writer builds it, for the suites that test the real
// content (search relevance, accessibility). It is always built and never read from the
// checkout's dist/, which may predate a change to src/, templates/ or content/: the build cache
// (keyed on all of those) makes it a warm build when nothing changed and a correct one when
// anything did. The suites of one test run share the build (run-builds.ts).
import path from 'node:path';
import { runPortal } from './cli.ts';
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
async function buildRealSite(out: string): Promise<void> {
  // Strict, as CI builds: what makes the site hard for AI assistants to read fails the build.
  const args = ['build', '--strict', '--out', out];
  const { status, stdout, stderr } = await runPortal(repoRoot, args);
  if (status !== 0) throw new Error(`the real site does not build (\`node bin/portal.mjs ${args.join(' ')}\` in ${repoRoot} exited with ${status}); fix what it reports and run the tests again:\n${stdout}${stderr}`);
}
