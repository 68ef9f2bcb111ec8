import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { markdownFiles } from '../helpers/content-blocks.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import {
  checkClaim,
  missingSpecs,
  newestSnapshot,
  readClaims,
  readInstallSpecs,
  readSnapshot,
  satisfies,
  type RegistrySnapshot,
} from '../helpers/tool-version-claims.ts';

// A page's "Node.js X or later" must hold for every package that page installs: X has to satisfy
// the `engines` of the exact version npm serves for each install spec. npm's answers come from the
// newest recording in test/fixtures/registry/ (scripts/record-registry-engines.ts), so this test
// needs no network and says which date its verdict is for.

const snapshotFile = newestSnapshot(path.join(repoRoot, 'test', 'fixtures', 'registry'));
const registry = readSnapshot(snapshotFile);

function problemsOf(file: string, snapshot: RegistrySnapshot): string[] {
  const where = path.relative(repoRoot, file);
  const specs = readInstallSpecs(file);
  const missing = missingSpecs(specs, snapshot).map(
    ({ line, spec }) => `${where}:${line}: installs ${spec}, which ${path.relative(repoRoot, snapshotFile)} does not record; run node --import tsx scripts/record-registry-engines.ts`,
  );
  const contradicted = readClaims(file).flatMap((claim) =>
    checkClaim(claim, specs, snapshot).map((problem) => `${where}:${claim.line}: ${problem} (npm on ${snapshot.recorded})`),
  );
  return [...missing, ...contradicted];
}

test('every Node.js and npm floor in content/ holds for the engines of what its page installs', () => {
  const files = markdownFiles(path.join(repoRoot, 'content'));
  const checked = files.filter((file) => readClaims(file).length > 0 && readInstallSpecs(file).length > 0);
  assert.ok(checked.some((file) => file.endsWith('setup-guide-for-plugin-developers.md')), 'the plugin setup guide states a floor and installs tools');
  assert.deepEqual(files.flatMap((file) => problemsOf(file, registry)), []);
});

test('a floor below an unpinned install\'s engines is reported with the versions npm served', () => {
  // The plugin setup guide as it was: unpinned Vite tools under a Node.js 20.12.2 floor. The records
  // are npm's answers for these specs on 2026-11-25.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tool-versions-'));
  const page = path.join(folder, 'guide.md');
  fs.writeFileSync(
    page,
    ['# Guide', '', '- **Node.js and npm.** Use Node.js v20.12.2 or later and npm v10.5.0 or later.', '', '```bash', 'npm init -y', 'npm install @pexip/plugin-api@22.0.0', 'npm install --save-dev typescript vite vite-plugin-mkcert', '```', ''].join('\n'),
  );
  const served: RegistrySnapshot = {
    recorded: '2026-11-25',
    packages: {
      '@pexip/plugin-api@22.0.0': { version: '22.0.0', engines: {} },
      typescript: { version: '7.0.2', engines: { node: '>=16.20.0' } },
      vite: { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
      'vite-plugin-mkcert': { version: '2.1.0', engines: { node: '>=22.19.0' } },
    },
  };
  const where = path.relative(repoRoot, page);
  assert.deepEqual(problemsOf(page, served), [
    `${where}:3: says "Node.js v20.12.2", but vite@8.3.8 (installed as vite) needs node ^20.19.0 || >=22.12.0 (npm on 2026-11-25)`,
    `${where}:3: says "Node.js v20.12.2", but vite-plugin-mkcert@2.1.0 (installed as vite-plugin-mkcert) needs node >=22.19.0 (npm on 2026-11-25)`,
  ]);
  delete served.packages.vite;
  assert.ok(problemsOf(page, served)[0].startsWith(`${where}:8: installs vite, which`), 'an install the recording lacks is reported with its line');
});

test('npm create names the initializer package, and a bare npm install names none', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tool-versions-'));
  const page = path.join(folder, 'page.md');
  fs.writeFileSync(page, ['```bash', 'npm create vite@latest app -- --template react-ts', 'cd app && npm install', 'npm install --save-exact \\', '  @pexip/infinity@20.0.0', '```', ''].join('\n'));
  assert.deepEqual(readInstallSpecs(page), [
    { line: 2, spec: 'create-vite@latest' },
    { line: 4, spec: '@pexip/infinity@20.0.0' },
  ]);
});

test('engines ranges are read the way npm reads them', () => {
  assert.equal(satisfies('20.19.0', '^20.19.0 || >=22.12.0'), true);
  assert.equal(satisfies('20.12.2', '^20.19.0 || >=22.12.0'), false);
  assert.equal(satisfies('22.0.0', '^20.19.0 || >=22.12.0'), false);
  assert.equal(satisfies('24.1.0', '^20.19.0 || >=22.12.0'), true);
  assert.equal(satisfies('18.0.0', '>=v18.0.0'), true);
  assert.equal(satisfies('20.0.0', '>=14.17'), true);
  assert.equal(satisfies('20.5.0', '20.x'), true);
  assert.equal(satisfies('20.5.0', '~20.4'), false);
  assert.throws(() => satisfies('20.0.0', 'latest'), /cannot read "latest"/);
});
