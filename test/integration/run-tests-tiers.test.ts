import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';

// scripts/run-tests.mjs on planted suites: the unit files share a few processes without their
// tests or hooks mixing, and a unit file that fails to load is a counted failure.

const runner = path.join(repoRoot, 'scripts', 'run-tests.mjs');
const made: string[] = [];
after(() => {
  for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
});

/** A project folder with `files` (path → text) under it and the checkout's node_modules beside them. */
function project(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-run-tests-'));
  made.push(root);
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

function runSuites(root: string, suite: string) {
  const builds = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-run-tests-builds-'));
  made.push(builds);
  // Without NODE_TEST_CONTEXT, which tells a test runner it is running inside this file's.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  return spawnSync(process.execPath, [runner, suite], { cwd: root, encoding: 'utf8', env: { ...env, PORTAL_TEST_BUILDS_DIR: builds } });
}

/** A unit file that logs its process, its tests and its hooks to events.log. */
const loggingUnit = (name: string) => `import fs from 'node:fs';
import { after, before, test } from 'node:test';
const log = (event: string) => fs.appendFileSync(${JSON.stringify('EVENTS')}, \`\${process.pid} ${name} \${event}\\n\`);
log('load');
before(() => log('before'));
test('${name} one', async () => { log('test'); await new Promise((resolve) => setImmediate(resolve)); });
test('${name} two', () => log('test'));
after(() => log('after'));
`;

test('unit files share processes; each file keeps its hooks around its own tests; a file that fails to load is a failure', () => {
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
  const root = project({});
  const events = path.join(root, 'events.log');
  fs.mkdirSync(path.join(root, 'test', 'unit'), { recursive: true });
  for (const name of names) fs.writeFileSync(path.join(root, 'test', 'unit', `${name}.test.ts`), loggingUnit(name).replace('EVENTS', events));
  fs.writeFileSync(path.join(root, 'test', 'unit', 'broken.test.ts'), "throw new Error('planted: this file does not load');\n");
  const result = runSuites(root, 'unit');
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(result.stdout, /^# pass 12$/m);
  assert.match(result.stdout, /^# fail 1$/m);
  assert.match(result.stdout, /planted: this file does not load/);

  const lines = fs.readFileSync(events, 'utf8').trim().split('\n').map((line) => line.split(' '));
  const processes = new Set(lines.map(([pid]) => pid));
  assert.ok(processes.size <= Math.min(os.availableParallelism(), names.length) && processes.size < names.length, `${names.length} files ran in ${processes.size} processes`);
  // Within a process, one file at a time: load, before, its two tests, after; then the next file.
  for (const pid of processes) {
    const sequence = lines.filter(([line]) => line === pid).map(([, name, event]) => `${name} ${event}`);
    const files = [...new Set(sequence.map((entry) => entry.split(' ')[0]))];
    assert.deepEqual(sequence, files.flatMap((name) => ['load', 'before', 'test', 'test', 'after'].map((event) => `${name} ${event}`)));
  }
  assert.deepEqual(new Set(lines.map(([, name]) => name)), new Set(names));
});
