#!/usr/bin/env node
// Runs the test suites with Node's own test runner (tsx loads the TypeScript).
// Usage: node scripts/run-tests.mjs [unit] [integration] [content] [e2e] [search]   (default: all)
//
// test/unit needs nothing but Node (no build, browser, compiler or the real content), so its files
// run side by side; the other suites run one file at a time, each suite as its own tier. The suites of one run share the builds they have in
// common, the real portal among them (test/helpers/run-builds.ts), in a temporary folder that is
// removed at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const allSuites = ['unit', 'integration', 'content', 'e2e', 'search'];
const suites = process.argv.slice(2).length ? process.argv.slice(2) : allSuites;
const unknown = suites.filter((suite) => !allSuites.includes(suite));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.map((suite) => `"${suite}"`).join(', ')}: the suites are ${allSuites.join(', ')} (folders under test/).`);
  process.exit(2);
}

/** The test files of one suite's folder, sorted. */
function filesOf(suite) {
  const folder = path.join('test', suite);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx'))
    .sort()
    .map((file) => path.join(folder, file));
}

if (suites.includes('e2e') && !fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('The browser tests need Debian\'s Chromium: apt-get update && apt-get install -y chromium');
  process.exit(1);
}

const buildsDir = process.env.PORTAL_TEST_BUILDS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-builds-'));
const env = { ...process.env, PORTAL_TEST_BUILDS_DIR: buildsDir };

/** Runs files under the test runner, `concurrency` at a time; returns the exit status. */
function run(files, concurrency) {
  if (!files.length) return 0;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit', env });
  return result.status ?? 1;
}

// Each suite is its own tier, named as it starts, so a failure says which tier it is in: the
// generator's unit tests (side by side, one file per core), then the builds, the content checks,
// the browser and the search relevance (one file at a time: they share the cores badly).
const statuses = [];
for (const suite of suites) {
  const files = filesOf(suite);
  if (!files.length) continue;
  console.log(`\n# tier: ${suite} (${files.length} files)`);
  statuses.push(run(files, suite === 'unit' ? os.availableParallelism() : 1));
}
if (!process.env.PORTAL_TEST_BUILDS_DIR) fs.rmSync(buildsDir, { recursive: true, force: true });
process.exit(statuses.find((status) => status !== 0) ?? 0);
