// The real portal, built strict and served by `portal serve`, checked with afdocs, the reference
// checker of the Agent-Friendly Documentation Spec: no check may fail. The production URL in the
// site's links is mapped to the local server (afdocs's canonicalOrigin), and every request afdocs
// makes is recorded: a check that needed the public internet would show as a request elsewhere.
// A fixed sample runs first, then a curated run over one page of every shape the build makes.
// Each run is on a worker thread (helpers/afdocs.ts), so the slowest check can have a core of its own.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CuratedPageEntry, ReportResult, RunnerOptions } from 'afdocs';
import { runAfdocs } from '../helpers/afdocs.ts';
import { markdownTwinOf } from '../../src/shared/markdown-twin.ts';
import type { RouteManifestEntry } from '../../src/shared/types.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { realSite } from '../helpers/real-site.ts';

const productionUrl = 'https://developer.pexip.com';
let server: ChildProcess;
let base: string;
let dist: string;

before(async () => {
  dist = await realSite();
  // Port 0: the system picks a free loopback port, which `portal serve` prints.
  server = spawn(process.execPath, [path.join(repoRoot, 'bin/portal.mjs'), 'serve', '--out', dist, '--port', '0'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
  base = await new Promise<string>((resolve, reject) => {
    let log = '';
    server.stderr!.on('data', (chunk: Buffer) => {
      log += chunk;
      const url = /serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
      if (url) resolve(url);
    });
    server.on('exit', (code) => reject(new Error(`portal serve exited with ${code}:\n${log}`)));
  });
});
after(() => server?.kill());

const fixedSample: Partial<RunnerOptions> = { samplingStrategy: 'deterministic', maxLinksToTest: 50 };

/**
 * Site-wide checks that read the same files (llms.txt, the sitemap) whatever pages are sampled.
 * llms-txt-coverage walks every llms.txt and llms-full.txt the root links (megabytes of Markdown
 * through afdocs's parser, nearly a minute): the served-portal run gives it a thread of its own,
 * beside the other checks, and the every-shape run, which is about pages, leaves it out.
 */
const siteWideChecks = ['llms-txt-coverage'];

/**
 * One afdocs run (a fixed sample of 50 pages unless told otherwise), with every URL it fetched;
 * `siteWide`: the site-wide checks too, on a second thread (with llms-txt-exists, which they read).
 */
async function check(sampling: Partial<RunnerOptions> = fixedSample, { siteWide = true } = {}): Promise<{ report: ReportResult; fetched: string[] }> {
  const options: Partial<RunnerOptions> = { canonicalOrigin: productionUrl, maxConcurrency: 2, requestDelay: 0, ...sampling };
  const [pages, wide] = await Promise.all([
    runAfdocs(`${base}/`, { ...options, skipCheckIds: siteWideChecks }),
    siteWide ? runAfdocs(`${base}/`, { ...options, checkIds: ['llms-txt-exists', ...siteWideChecks] }) : undefined,
  ]);
  const results = [...pages.report.results.filter((result) => !siteWideChecks.includes(result.id)), ...(wide?.report.results.filter((result) => siteWideChecks.includes(result.id)) ?? [])];
  const count = (status: string) => results.filter((result) => result.status === status).length;
  const summary = { total: results.length, pass: count('pass'), warn: count('warn'), fail: count('fail'), skip: count('skip'), error: count('error') };
  return { report: { ...pages.report, results, summary }, fetched: [...pages.fetched, ...(wide?.fetched ?? [])] };
}

const failures = (report: ReportResult) => report.results.filter((result) => result.status === 'fail' || result.status === 'error');

/** Runs afdocs, once more when a check fails, and asserts no check fails and nothing went beyond the local server. */
async function assertNoFailure(sampling?: Partial<RunnerOptions>, runs?: { siteWide: boolean }): Promise<ReportResult> {
  let { report, fetched } = await check(sampling, runs);
  // A request the loaded machine drops ("fetch failed") fails a check as a broken link would:
  // one run again, and only a failure both runs share counts.
  if (failures(report).length) {
    const again = await check(sampling, runs);
    const second = new Set(failures(again.report).map((result) => result.id));
    report = { ...report, results: report.results.filter((result) => !(failures(report).includes(result) && !second.has(result.id))) };
    fetched = [...fetched, ...again.fetched];
  }
  assert.ok(fetched.includes(`${base}/llms.txt`), 'the fetches of the runs were recorded');
  const outside = [...new Set(fetched.map((url) => new URL(url).origin))].filter((origin) => origin !== base);
  assert.deepEqual(outside, [], 'every check ran against the local server (none needs the public internet)');
  for (const result of report.results) process.stderr.write(`afdocs ${result.status.padEnd(4)} ${result.id}: ${result.message}\n`);
  assert.deepEqual(
    failures(report).map((result) => `${result.id}: ${result.message}`),
    [],
  );
  return report;
}

test('afdocs finds no failure on the served portal, and needs nothing beyond it', { timeout: 15 * 60_000 }, async () => {
  const report = await assertNoFailure();
  assert.ok(report.summary.pass >= 20, `${report.summary.pass} checks passed`);
  for (const id of siteWideChecks) assert.equal(report.results.find((result) => result.id === id)?.status, 'pass', `${id} ran on the served portal and passed`);
});

/**
 * One page of each shape the build makes, chosen from its routes.json by kind (and, for the
 * reference pages that share a kind there, by route): the fixed sample may hold none of a shape.
 * The @pexip/infinity changelog is the page whose twin was once split; the longest twin (the
 * Markdown its URL serves, as afdocs reads it) is the page nearest to the size where twins are split.
 */
function everyShape(): CuratedPageEntry[] {
  const routes = JSON.parse(fs.readFileSync(path.join(dist, 'routes.json'), 'utf8')) as RouteManifestEntry[];
  const first = (tag: string, match: (entry: RouteManifestEntry) => boolean) => {
    const entry = routes.find(match);
    assert.ok(entry, `the real build has a page of shape "${tag}"`);
    return { tag, route: entry.route };
  };
  const reference = (entry: RouteManifestEntry) => entry.kind === 'reference';
  const twinSize = (route: string) => fs.statSync(path.join(dist, markdownTwinOf(route))).size;
  const listed = routes.filter((entry) => entry.kind !== 'not-found');
  const longest = listed.reduce((a, b) => (twinSize(b.route) > twinSize(a.route) ? b : a));
  const shapes = [
    ...['home', 'doc', 'custom', 'category', 'api-operation', 'api-overview'].map((kind) => first(kind, (entry) => entry.kind === kind)),
    first('npm package', (entry) => reference(entry) && /\/npm-packages\/[^/]+$/.test(entry.route)),
    first('npm interface', (entry) => reference(entry) && entry.route.includes('/interfaces/')),
    first('changelog', (entry) => reference(entry) && entry.title === '@pexip/infinity: what changed'),
    first('changelog proofs', (entry) => reference(entry) && entry.title === '@pexip/infinity 19.0.0 → 19.1.2: proofs'),
    first('npm modules group', (entry) => reference(entry) && entry.route.endsWith('/components/modules/variables')),
    { tag: 'longest twin', route: longest.route },
  ];
  // One entry per page: the longest twin may be one of the shapes above.
  return shapes.filter((shape, i) => shapes.findIndex((other) => other.route === shape.route) === i).map(({ tag, route }) => ({ url: `${base}${route}`, tag }));
}

// afdocs's page-size-html failed here until the long pages were split: the @pexip/infinity
// changelog (its proofs now on a page per section) and the components packages' modules pages (one
// page per group of exports, a long group on more than one).
test('afdocs finds no failure on one page of every shape, the longest twin\'s included', { timeout: 15 * 60_000 }, async () => {
  const pages = everyShape();
  process.stderr.write(`afdocs curated pages:\n${pages.map((page) => `  ${page.tag}: ${page.url}`).join('\n')}\n`);
  const report = await assertNoFailure({ samplingStrategy: 'curated', curatedPages: pages }, { siteWide: false });
  assert.equal(report.testedPages, pages.length, 'every page of the list was checked');
});
