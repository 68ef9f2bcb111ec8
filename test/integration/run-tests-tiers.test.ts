import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';

// scripts/run-tests.mjs on planted suites: the unit files share a few processes without their
// tests or hooks mixing, a unit file that fails to load is a counted failure, and the integration
// files run two at a time except the ones that must run alone.

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

test('integration files run two at a time, except the ones named to run alone', () => {
  const source = fs.readFileSync(runner, 'utf8');
  const alone = [...(/const runAlone = \[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
  assert.ok(alone.length >= 5, `runAlone lists ${alone.length} files`);
  const root = project({});
  const running = path.join(root, 'running');
  fs.mkdirSync(running);
  // A side-by-side file marks itself running and waits (bounded) to see its partner running too; a
  // file that must run alone finds no other file running.
  const partnered = (name: string, partner: string) => `import fs from 'node:fs';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
test('${name} runs beside ${partner}', async () => {
  fs.writeFileSync(${JSON.stringify(running)} + '/${name}', '');
  for (let tries = 0; !fs.existsSync(${JSON.stringify(running)} + '/${partner}'); tries++) {
    if (tries > 600) throw new Error('${partner} never ran beside ${name}');
    await sleep(100);
  }
  await sleep(300);
  fs.rmSync(${JSON.stringify(running)} + '/${name}');
});
`;
  const lonely = (name: string) => `import fs from 'node:fs';
import { test } from 'node:test';
test('${name} runs alone', () => {
  const others = fs.readdirSync(${JSON.stringify(running)});
  if (others.length) throw new Error('${name} ran beside ' + others.join(', '));
});
`;
  for (const file of alone) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), lonely(file));
  }
  fs.mkdirSync(path.join(root, 'test', 'integration'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test', 'integration', 'aa-side.test.ts'), partnered('aa-side', 'ab-side'));
  fs.writeFileSync(path.join(root, 'test', 'integration', 'ab-side.test.ts'), partnered('ab-side', 'aa-side'));
  const result = runSuites(root, 'integration');
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, new RegExp(`^# pass ${alone.length}$`, 'm'));
  assert.match(result.stdout, /^# pass 2$/m);

  // A file named to run alone that is gone is an error naming it, before anything runs.
  fs.rmSync(path.join(root, alone[0]));
  const stale = runSuites(root, 'integration');
  assert.equal(stale.status, 2);
  assert.match(stale.stderr, new RegExp(`names integration files that do not exist: ${alone[0].replaceAll('.', '\\.')}`));
});
