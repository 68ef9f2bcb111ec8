import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { referenceKey } from '../../../src/build/reference-key.ts';
import { validateConfig } from '../../../src/config/load.ts';
import { Diagnostics, PortalError } from '../../../src/errors.ts';
import { buildPackageReference, type PackageReference } from '../../../src/typedoc/index.ts';
import { areaPackages } from '../../../src/typedoc/installed-packages.ts';
import { declaringFile } from '../../../src/typedoc/source-links.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { bodyOf } from '../../helpers/openapi.ts';

/**
 * An SDK that installs its own older copy of a shared package, as @pexip/vpaas-sdk does:
 *   node_modules/@fixture/sdk                         1.0.0, depends on core 1.0.0, api 3.0.0, left-pad
 *   node_modules/@fixture/sdk/node_modules/@fixture/core   1.0.0 (the SDK's own)
 *   node_modules/@fixture/core                        2.0.0 (the project's pin; has `renamed`)
 *   node_modules/@fixture/api                         3.0.0 (hoisted; the SDK re-exports its Ticket)
 */
function makeProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-versions-'));
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  const write = (folder: string, name: string, version: string, declarations: string, dependencies: Record<string, string> = {}) => {
    const dir = path.join(root, folder);
    fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version, types: 'dist/index.d.ts', dependencies }));
    fs.writeFileSync(path.join(dir, 'dist', 'index.d.ts'), declarations);
  };
  write('node_modules/@fixture/sdk', '@fixture/sdk', '1.0.0', `import type { Options } from '@fixture/core';
export type { Ticket } from '@fixture/api';
/** Starts the SDK. */
export declare function start(options: Options): void;
`, { '@fixture/core': '1.0.0', '@fixture/api': '3.0.0', 'left-pad': '1.0.0' });
  write('node_modules/@fixture/sdk/node_modules/@fixture/core', '@fixture/core', '1.0.0', 'export interface Options { original: boolean }\n');
  write('node_modules/@fixture/core', '@fixture/core', '2.0.0', 'export interface Options { renamed: boolean }\n');
  write('node_modules/@fixture/api', '@fixture/api', '3.0.0', '/** A ticket. */\nexport interface Ticket { id: string }\n');
  write('node_modules/left-pad', 'left-pad', '1.0.0', 'export {};\n');
  // Packages the SDK does not install: one an app may add, one for another area's apps.
  write('node_modules/@fixture/effects', '@fixture/effects', '4.0.0', '/** Blurs. */\nexport interface Blur { radius: number }\n', { '@fixture/core': '2.0.0' });
  write('node_modules/@fixture/rooms', '@fixture/rooms', '5.0.0', '/** A room. */\nexport interface Room { id: string }\n');
  return root;
}

const config = (packages: string[], dependencyTree: boolean) => validateConfig({ ...fixtureConfig, npmReference: [{ area: 'vpaas', folder: 'vpaas/packages', packages, dependencyTree }] });
const area = (packages: string[], dependencyTree: boolean) => config(packages, dependencyTree).npmReference[0];

let root: string;
let tree: PackageReference;
let pinned: PackageReference;
const diagnostics = new Diagnostics();

before(async () => {
  root = makeProject();
  const render = { md: (markdown: string) => `<p>${markdown.replace(/</g, '&lt;')}</p>` };
  tree = await buildPackageReference(root, config(['@fixture/sdk'], true), render, diagnostics);
  pinned = await buildPackageReference(root, config(['@fixture/sdk', '@fixture/core'], false), render, diagnostics);
});

const html = (reference: PackageReference, route: string) => {
  const page = reference.pages.find((candidate) => candidate.route === route);
  assert.ok(page, `no page ${route}; have ${reference.pages.map((candidate) => candidate.route).join(', ')}`);
  return bodyOf(page);
};

describe('an area documents the versions its packages install', () => {
  test('a dependency tree holds each package in its scope at the copy Node resolves from the package that depends on it', () => {
    const copies = areaPackages(root, area(['@fixture/sdk'], true));
    assert.deepEqual(
      copies.map((copy) => [copy.name, copy.version, path.relative(root, copy.directory)]),
      [
        ['@fixture/sdk', '1.0.0', path.join('node_modules', '@fixture', 'sdk')],
        ['@fixture/core', '1.0.0', path.join('node_modules', '@fixture', 'sdk', 'node_modules', '@fixture', 'core')],
        ['@fixture/api', '3.0.0', path.join('node_modules', '@fixture', 'api')],
      ],
    );
    assert.deepEqual(copies[0].resolvedDependencies, { '@fixture/core': '1.0.0', '@fixture/api': '3.0.0' });
  });

  test('a plain list is its packages as the project root resolves them', () => {
    assert.deepEqual(areaPackages(root, area(['@fixture/sdk', '@fixture/core'], false)).map((copy) => `${copy.name}@${copy.version}`), ['@fixture/sdk@1.0.0', '@fixture/core@2.0.0']);
  });

  test('a tree that resolves one package to two versions fails, naming both and the fix', () => {
    const clash = makeProject();
    const dir = path.join(clash, 'node_modules/@fixture/api');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/api', version: '3.0.0', types: 'dist/index.d.ts', dependencies: { '@fixture/core': '2.0.0' } }));
    assert.throws(
      () => areaPackages(clash, area(['@fixture/sdk'], true)),
      (error: unknown) =>
        error instanceof PortalError &&
        /resolves @fixture\/core to 1\.0\.0 \(for @fixture\/sdk@1\.0\.0\) and to 2\.0\.0 \(for @fixture\/api@3\.0\.0\)/.test(error.problems[0].message) &&
        /npm dedupe/.test(error.problems[0].hint ?? ''),
    );
  });

  test('a dependency of the tree that is not installed fails, naming it and who needs it', () => {
    const missing = makeProject();
    fs.rmSync(path.join(missing, 'node_modules/@fixture/api'), { recursive: true });
    assert.throws(() => areaPackages(missing, area(['@fixture/sdk'], true)), /@fixture\/api, a dependency of @fixture\/sdk@1\.0\.0 in the vpaas area's tree, is not installed/);
  });

  test('every page names the version it documents; links go to the copy the SDK resolves', () => {
    assert.deepEqual(diagnostics.errors, []);
    const options = html(tree, '/docs/vpaas/packages/core/interfaces/Options');
    assert.match(options, /Package: <a href="\/docs\/vpaas\/packages\/core"><code>@fixture\/core@1\.0\.0<\/code><\/a>/);
    assert.match(options, /original/);
    assert.doesNotMatch(options, /renamed/);
    const sdk = html(tree, '/docs/vpaas/packages/sdk');
    assert.match(sdk, /Package: <code>@fixture\/sdk@1\.0\.0<\/code>/);
    assert.match(sdk, /<a href="\/docs\/vpaas\/packages\/core">@fixture\/core<\/a> 1\.0\.0/);
    assert.match(html(tree, '/docs/vpaas/packages/sdk/modules/functions'), /start\(options: <a href="\/docs\/vpaas\/packages\/core\/interfaces\/Options">Options<\/a>\)/);
  });

  test('a type or dependency whose documented version is not the one the package resolves is not linked', () => {
    // The project pins core 2.0.0, but the SDK runs with its own 1.0.0: a link would show `renamed`.
    assert.match(html(pinned, '/docs/vpaas/packages/core/interfaces/Options'), /Package: <a href="\/docs\/vpaas\/packages\/core"><code>@fixture\/core@2\.0\.0<\/code><\/a>/);
    const sdk = html(pinned, '/docs/vpaas/packages/sdk');
    assert.match(sdk, /<code>@fixture\/core<\/code> 1\.0\.0/);
    assert.doesNotMatch(sdk, /href="\/docs\/vpaas\/packages\/core"/);
    const modules = html(pinned, '/docs/vpaas/packages/sdk/modules/functions');
    assert.match(modules, /start\(options: <span class="tok-type">Options<\/span>\)/);
    assert.doesNotMatch(modules, /interfaces\/Options/);
  });

  test('a declaration re-exported from another package links to the file that package publishes', () => {
    const ticket = html(tree, '/docs/vpaas/packages/sdk/interfaces/Ticket');
    assert.match(ticket, /Declared in <a href="https:\/\/unpkg\.com\/@fixture\/api@3\.0\.0\/dist\/index\.d\.ts">@fixture\/api\/dist\/index\.d\.ts, line 2<\/a>/);
    assert.doesNotMatch(ticket, /unpkg\.com\/@fixture\/sdk@1\.0\.0\/\.\./);
    assert.deepEqual(declaringFile(path.join(root, 'node_modules/@fixture/sdk/node_modules/@fixture/core/dist/index.d.ts')), { name: '@fixture/core', version: '1.0.0', file: 'dist/index.d.ts' });
  });

  test('a package listed alongside the roots is documented at its pin, every page saying the roots do not install it and how to add it or whom it is for', async () => {
    const withAlongside = validateConfig({
      ...fixtureConfig,
      npmReference: [
        { area: 'vpaas', folder: 'vpaas/packages', packages: ['@fixture/sdk'], dependencyTree: true, alongside: [{ package: '@fixture/effects' }, { package: '@fixture/rooms', forArea: 'infinity' }] },
        { area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/rooms'] },
      ],
    });
    const problems = new Diagnostics();
    const reference = await buildPackageReference(root, withAlongside, { md: (markdown: string) => `<p>${markdown}</p>` }, problems);
    assert.deepEqual(problems.errors, []);
    assert.deepEqual(areaPackages(root, withAlongside.npmReference[0]).map((copy) => `${copy.name}@${copy.version}`), ['@fixture/sdk@1.0.0', '@fixture/core@1.0.0', '@fixture/api@3.0.0', '@fixture/effects@4.0.0', '@fixture/rooms@5.0.0']);
    for (const route of ['/docs/vpaas/packages/effects', '/docs/vpaas/packages/effects/modules', '/docs/vpaas/packages/effects/interfaces/Blur']) {
      const page = html(reference, route);
      assert.match(page, /<code>@fixture\/sdk<\/code> does not install this package\. A VPaaS app that wants it adds it with <code>npm install @fixture\/effects@4\.0\.0<\/code>/, route);
    }
    // Its own dependency is the project's core 2.0.0, not the SDK's 1.0.0 this area documents: unlinked.
    assert.match(html(reference, '/docs/vpaas/packages/effects'), /<code>@fixture\/core<\/code> 2\.0\.0/);
    const rooms = html(reference, '/docs/vpaas/packages/rooms/interfaces/Room');
    assert.match(rooms, /For Infinity apps: <code>@fixture\/sdk<\/code> does not install this package, and a VPaaS app does not need it\. See <a href="\/docs\/infinity\/packages\/rooms">its reference for Infinity apps<\/a>/);
    assert.doesNotMatch(html(reference, '/docs/infinity/packages/rooms'), /does not install/);
    assert.deepEqual(reference.sidebars.filter((sidebar) => sidebar.folder.startsWith('vpaas/packages/')).map((sidebar) => sidebar.label), ['@fixture/sdk', '@fixture/core', '@fixture/api', '@fixture/effects', '@fixture/rooms']);
  });

  test('a package listed alongside that the tree installs already fails, naming it', () => {
    const doubled = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'vpaas', folder: 'vpaas/packages', packages: ['@fixture/sdk'], dependencyTree: true, alongside: [{ package: '@fixture/api' }] }] });
    assert.throws(() => areaPackages(root, doubled.npmReference[0]), /@fixture\/api is listed alongside the vpaas area's packages, but their tree installs it/);
  });

  test('the reference phase is made again when a nested copy in the tree changes, though the top-level pins did not', () => {
    const project = makeProject();
    const key = () => referenceKey('portal-test', project, config(['@fixture/sdk'], true), [], null);
    const before = key();
    const nested = path.join(project, 'node_modules/@fixture/sdk/node_modules/@fixture/core/package.json');
    fs.writeFileSync(nested, fs.readFileSync(nested, 'utf8').replace('"1.0.0"', '"1.0.1"'));
    assert.notEqual(key(), before);
  });
});
