import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config/load.ts';
import { PortalError, formatProblem } from '../../src/errors.ts';
import { copyFixture, repoRoot } from '../helpers/fixtures.ts';

const cli = path.join(repoRoot, 'bin', 'portal.mjs');
const pointerFile = path.join(repoRoot, 'lib', 'current.json');
const pointer = () => JSON.parse(fs.readFileSync(pointerFile, 'utf8')) as { dir: string; inputs: Record<string, number> };
const version = () => spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });

describe('the compiled CLI', () => {
  test('runs from lib/, compiled from every source it imports, templates included', () => {
    const result = version();
    assert.equal(result.status, 0, result.stderr);
    const { dir, inputs } = pointer();
    assert.ok(fs.existsSync(path.join(repoRoot, 'lib', dir, 'portal.js')));
    for (const source of ['bin/portal.ts', 'src/build/build.ts', 'src/build/workers/doc-worker.ts', 'templates/Layout.tsx']) assert.ok(source in inputs, `${source} is one of the compiled inputs`);
  });

  test('carries the Markdown toolchain inside (no module resolution at start) and loads the rest from node_modules', () => {
    assert.equal(version().status, 0);
    const { dir, inputs } = pointer();
    assert.ok('package-lock.json' in inputs, 'an install that changes the bundled packages compiles again');
    const code = fs
      .readdirSync(path.join(repoRoot, 'lib', dir))
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(repoRoot, 'lib', dir, file), 'utf8'))
      .join('\n');
    const imported = new Set([...code.matchAll(/(?:from|import\()\s*"([^".][^"]*)"/g)].map((match) => match[1]));
    for (const bundled of ['unified', 'micromark', 'remark-parse', 'yaml', 'zod']) assert.ok(![...imported].some((name) => name === bundled || name.startsWith(`${bundled}/`)), `${bundled} is bundled`);
    for (const external of ['esbuild', 'pagefind', 'react']) assert.ok(imported.has(external), `${external} loads from node_modules`);
  });

  test('is compiled again when a source it was built from has changed', () => {
    assert.equal(version().status, 0);
    const before = pointer();
    // As if bin/portal.ts had been saved since: its recorded time no longer matches the file's.
    fs.writeFileSync(pointerFile, JSON.stringify({ ...before, inputs: { ...before.inputs, 'bin/portal.ts': 0 } }));
    const result = version();
    assert.equal(result.status, 0, result.stderr);
    const after = pointer();
    assert.notEqual(after.dir, before.dir, 'a new build replaced the stale one');
    assert.equal(after.inputs['bin/portal.ts'], fs.statSync(path.join(repoRoot, 'bin/portal.ts')).mtimeMs);
  });

  test('a config that does not compile is reported at its file, line and column', async () => {
    const site = copyFixture('basic');
    const file = path.join(site, 'portal.config.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("title: 'Fixture Portal',", "title: 'Fixture Portal' +,"));
    const error = await loadConfig('portal.config.ts', site).catch((caught: unknown) => caught);
    assert.ok(error instanceof PortalError, String(error));
    const [line] = formatProblem(error.problems[0]).split('\n');
    assert.match(line, /^portal\.config\.ts:\d+:\d+ {2}error: the configuration could not be loaded: Unexpected ","/);
  });

  test('an edited config is read again, not served from the module cache', async () => {
    const site = copyFixture('basic');
    assert.equal((await loadConfig('portal.config.ts', site)).config.title, 'Fixture Portal');
    const file = path.join(site, 'portal.config.ts');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("title: 'Fixture Portal',", "title: 'Edited Portal',"));
    assert.equal((await loadConfig('portal.config.ts', site)).config.title, 'Edited Portal');
  });
});
