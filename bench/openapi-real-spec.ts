// A real public OpenAPI spec nobody here wrote: GitHub's REST API description from
// @octokit/openapi (a devDependency), as one more API reference of the basic fixture site.
// One cold `portal build --json`, measured like every other build of the benchmark.
import fs from 'node:fs';
import path from 'node:path';
import { githubSpecFile, githubSpecSite, githubSpecVersion, operationsInSpec } from '../test/helpers/github-spec-site';
import { measure } from './measure';

export interface RealSpecFigures {
  /** @octokit/openapi's version. */
  version: string;
  /** Operations in the spec file, counted from the file. */
  operations: number;
  /** Every page the build wrote: the operations, the API overview and the fixture's own dozen. */
  pages: number;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  pagesPerSecond: number;
  /** 1-minute load average when the build started. */
  load: number;
}

const portal = path.resolve(import.meta.dirname, '..', 'bin', 'portal.mjs');

/** Builds the site once, cold; a failed build throws (its figures would mean nothing). */
export async function benchRealSpec(): Promise<RealSpecFigures> {
  const site = githubSpecSite();
  try {
    const run = await measure('node', [portal, 'build', '--json'], { cwd: site });
    let summary: { ok: boolean; pages: Record<string, number>; errors: unknown[] } | undefined;
    try {
      summary = JSON.parse(run.stdout);
    } catch {
      // reported below
    }
    if (run.exitCode !== 0 || !summary?.ok) {
      throw new Error(`portal build of the GitHub spec site failed (exit ${run.exitCode}):\n${JSON.stringify(summary?.errors ?? [], null, 1).slice(0, 2000)}\n${run.stderr.slice(-2000)}`);
    }
    const pages = Object.values(summary.pages).reduce((a, b) => a + b, 0);
    return {
      version: githubSpecVersion,
      operations: operationsInSpec(githubSpecFile).length,
      pages,
      wallMs: run.wallS * 1000,
      cpuMs: run.cpuS * 1000,
      peakRssMb: run.peakRssMb,
      pagesPerSecond: pages / run.wallS,
      load: run.load,
    };
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}
