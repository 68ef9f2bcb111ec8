// The real portal, built strict and served by `portal serve`, checked with afdocs, the reference
// checker of the Agent-Friendly Documentation Spec: no check may fail. The production URL in the
// site's links is mapped to the local server (afdocs's canonicalOrigin), and every request afdocs
// makes is recorded: a check that needed the public internet would show as a request elsewhere.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runChecks, type ReportResult } from 'afdocs';
import { repoRoot } from '../helpers/fixtures.ts';
import { realSite } from '../helpers/real-site.ts';

const productionUrl = 'https://developer.pexip.com';
let server: ChildProcess;
let base: string;

before(async () => {
  const dist = await realSite();
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

/** One afdocs run over a fixed sample of 50 pages, with every URL it fetched. */
async function check(): Promise<{ report: ReportResult; fetched: string[] }> {
  const fetched: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    fetched.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  };
  try {
    const report = await runChecks(`${base}/`, { canonicalOrigin: productionUrl, samplingStrategy: 'deterministic', maxLinksToTest: 50, maxConcurrency: 2, requestDelay: 0 });
    return { report, fetched };
  } finally {
    globalThis.fetch = realFetch;
  }
}

const failures = (report: ReportResult) => report.results.filter((result) => result.status === 'fail' || result.status === 'error');

test('afdocs finds no failure on the served portal, and needs nothing beyond it', { timeout: 15 * 60_000 }, async () => {
  let { report, fetched } = await check();
  // A request the loaded machine drops ("fetch failed") fails a check as a broken link would:
  // one run again, and only a failure both runs share counts.
  if (failures(report).length) {
    const again = await check();
    const second = new Set(failures(again.report).map((result) => result.id));
    report = { ...report, results: report.results.filter((result) => !(failures(report).includes(result) && !second.has(result.id))) };
    fetched = [...fetched, ...again.fetched];
  }
  const outside = [...new Set(fetched.map((url) => new URL(url).origin))].filter((origin) => origin !== base);
  assert.deepEqual(outside, [], 'every check ran against the local server (none needs the public internet)');
  for (const result of report.results) process.stderr.write(`afdocs ${result.status.padEnd(4)} ${result.id}: ${result.message}\n`);
  assert.deepEqual(
    failures(report).map((result) => `${result.id}: ${result.message}`),
    [],
  );
  assert.ok(report.summary.pass >= 20, `${report.summary.pass} checks passed`);
});
