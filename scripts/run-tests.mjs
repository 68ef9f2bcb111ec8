#!/usr/bin/env node
// Runs the test suites with Node's own test runner (tsx loads the TypeScript).
// Usage: node scripts/run-tests.mjs [unit] [integration] [content] [e2e] [search]   (default: all)
//
// test/unit needs nothing but Node (no build, browser, compiler or the real content): its files run
// in one process per core that share loaded modules (unitShards below); the other suites run one
// file at a time (their builds are CPU-bound: two integration files side by side took longer in
// CI than one after the other), each suite as its own tier. The suites of one run share the builds they have in
// common, the real portal among them (test/helpers/run-builds.ts), in a temporary folder that is
// removed at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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
// Every temporary folder the tests make (fixture copies, their builds, browser profiles, compiler
// work) goes under one folder of this run, removed at the end: the system's temporary folder had
// filled with thousands of them, some 700 MB each. A run stopped midway leaves that one folder.
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-tmp-'));
const env = { ...process.env, PORTAL_TEST_BUILDS_DIR: buildsDir, TMPDIR: tmpDir };

/**
 * The unit files as `count` shard files that the test runner runs side by side. Most of a unit
 * file's time was its own process loading the generator (tsx, the OpenAPI stack, React): a shard
 * loads those once and imports file after file. Each file is a suite of its own, so its top-level
 * before/after hooks stay with its tests; a shard takes the next file from a queue of claims only
 * when its previous file is done (tests of two files never interleave), and the queue keeps both
 * cores busy to the end.
 */
function unitShards(files, count) {
  const shards = path.join(buildsDir, `unit-shards-${process.pid}`);
  const claims = path.join(shards, 'claims');
  fs.rmSync(shards, { recursive: true, force: true });
  fs.mkdirSync(claims, { recursive: true });
  const entries = files.map((file) => ({ name: file, url: pathToFileURL(path.resolve(file)).href }));
  const shard = `import fs from 'node:fs';
import { after, describe, test } from 'node:test';
const files = ${JSON.stringify(entries)};
for (const [index, file] of files.entries()) {
  try {
    fs.mkdirSync(${JSON.stringify(claims)} + '/' + index);
  } catch {
    continue; // another shard has it
  }
  await new Promise((done) =>
    describe(file.name, async () => {
      try {
        await import(file.url);
      } catch (error) {
        test('the file loads', () => { throw error; }); // counted as a failure, as a file of its own would be
      } finally {
        after(done); // after the file's own hooks
      }
    }),
  );
}
`;
  return Array.from({ length: Math.min(count, files.length) }, (_, index) => {
    const file = path.join(shards, `unit-${index + 1}.test.mjs`);
    fs.writeFileSync(file, shard);
    return file;
  });
}

/** Runs files under the test runner, `concurrency` at a time; returns the exit status. */
function run(files, concurrency) {
  if (!files.length) return 0;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit', env });
  return result.status ?? 1;
}

// Each suite is its own tier, named as it starts, so a failure says which tier it is in: the
// generator's unit tests (one shard process per core), then the builds, the content checks, the
// browser and the search relevance (one file at a time: they share the cores badly).
const statuses = [];
for (const suite of suites) {
  const files = filesOf(suite);
  if (!files.length) continue;
  console.log(`\n# tier: ${suite} (${files.length} files)`);
  if (suite === 'unit') statuses.push(run(unitShards(files, os.availableParallelism()), os.availableParallelism()));
  else statuses.push(run(files, 1));
}
if (!process.env.PORTAL_TEST_BUILDS_DIR) fs.rmSync(buildsDir, { recursive: true, force: true });
fs.rmSync(tmpDir, { recursive: true, force: true });
process.exit(statuses.find((status) => status !== 0) ?? 0);
