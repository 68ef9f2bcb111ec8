import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { buildPackageReference } from '../../../src/typedoc/index.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';

// A package's doc comments come from the registry. TypeDoc's include tags read the file they
// name; only files of the package itself may reach the pages, however the tag names them.

const canary = `canary-${crypto.randomUUID()}`;

function leakyProject(): { root: string; outside: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-includes-'));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), `outside ${canary}\n`);
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  fs.writeFileSync(path.join(root, '.env'), `TOKEN=${canary}\n`);
  const dir = path.join(root, 'node_modules', '@fixture', 'leaky');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/leaky', version: '1.0.0', types: 'dist/index.d.ts' }));
  fs.writeFileSync(path.join(dir, '.npmrc'), `//registry.example.test/:_authToken=${canary}\n`);
  // Inside the package, so it is included; its own include climbs to the project's .env.
  fs.writeFileSync(path.join(dir, 'notes.md'), 'Notes kept with the package.\n\n{@include ../../../.env}\n');
  fs.writeFileSync(
    path.join(dir, 'dist', 'index.d.ts'),
    `/**
 * Opens a valve.
 *
 * {@includeCode /proc/self/environ}
 *
 * {@include ../../../../.env}
 *
 * {@includeCode ../.npmrc}
 *
 * {@includeCode ${path.join(outside, 'secret.txt')}}
 *
 * {@include ../notes.md}
 */
export declare function openValve(): void;
/**
 * A tap.
 * @document ../../../../.env
 */
export declare class Tap {}
`,
  );
  return { root, outside };
}

test('include tags and @document that name files outside the package, or hidden ones, are left out with a warning; the package\'s own files are included', async () => {
  const { root, outside } = leakyProject();
  const diagnostics = new Diagnostics();
  const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/leaky'] }] });
  const reference = await buildPackageReference(root, config, { md: (markdown) => `<p>${markdown.replace(/</g, '&lt;')}</p>` }, diagnostics);
  assert.deepEqual(diagnostics.errors, []);
  const published = JSON.stringify(reference.pages);
  assert.match(published, /Opens a valve\./);
  assert.match(published, /Notes kept with the package\./, 'a file of the package is included');
  assert.ok(!published.includes(canary), 'no .env, .npmrc or outside file reaches a page');
  assert.ok(!published.includes(`PATH=${process.env.PATH}`), 'the environment does not reach a page');
  // Nor the model cached for later builds.
  const cached = fs.readdirSync(path.join(root, config.cacheDir, 'typedoc'), { recursive: true }).map(String).filter((file) => file.endsWith('.json'));
  for (const file of cached) assert.ok(!fs.readFileSync(path.join(root, config.cacheDir, 'typedoc', file), 'utf8').includes(canary), file);

  const warnings = diagnostics.warnings.map((warning) => `${warning.file}:${warning.line}  ${warning.message}`);
  assert.equal(warnings.length, 6, warnings.join('\n'));
  const expected = [
    /^@fixture\/leaky\/dist\/index\.d\.ts:\d+ {2}npm package @fixture\/leaky: the doc comment of openValve has \{@includeCode \/proc\/self\/environ\}, which leads outside the package @fixture\/leaky \(to \/proc\//,
    /\{@include \.\.\/\.\.\/\.\.\/\.\.\/\.env\}, which leads outside the package @fixture\/leaky/,
    /\{@includeCode \.\.\/\.npmrc\}, which is hidden \("\.npmrc" starts with "\."\)/,
    /\{@includeCode \/.*secret\.txt\}, which leads outside the package/,
    /\{@include \.\.\/\.\.\/\.\.\/\.env\}, which leads outside the package/,
    /the doc comment of Tap has @document \.\.\/\.\.\/\.\.\/\.\.\/\.env, which leads outside the package/,
  ];
  for (const pattern of expected) assert.ok(warnings.some((warning) => pattern.test(warning)), `${pattern}\n${warnings.join('\n')}`);

  // A warm build reads the cached model and says the same.
  const warm = new Diagnostics();
  await buildPackageReference(root, config, { md: (markdown) => `<p>${markdown}</p>` }, warm);
  assert.equal(warm.warnings.length, 6);
  fs.rmSync(root, { recursive: true });
  fs.rmSync(outside, { recursive: true });
});
