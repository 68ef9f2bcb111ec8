import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { convertPackage } from '../../src/typedoc/convert.ts';
import { declarationsJobs, runPackageJobs } from '../../src/typedoc/package-workers.ts';
import { locatePackage } from '../../src/typedoc/installed-packages.ts';
import { packageHistory } from '../../src/typedoc/package-history.ts';
import { repoRoot } from '../helpers/fixtures.ts';

const signal = { name: '@pexip/signal', version: '16.9.0', ...locatePackage('@pexip/signal', repoRoot), resolvedDependencies: {} };
const temporary = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));

test('the package workers convert packages as the main thread does, and write the changes a history reads', { timeout: 180_000 }, async (t) => {
  const good = declarationsJobs([signal], () => ['16.7.1', '16.0.0'], repoRoot);
  // 16.0.0 is not installed: left out here, for the history to report with its fix.
  assert.throws(() => packageHistory('@pexip/signal', ['16.0.0'], repoRoot, undefined, signal), /16\.0\.0, listed in history\.packages, is not installed/);
  assert.deepEqual(good.map(({ name, earlier, later }) => `${name}@${earlier.version}..${later.version}`), ['@pexip/signal@16.7.1..16.9.0']);
  const caches = { typedoc: temporary('typedoc'), declarations: temporary('declarations') };
  const inline = temporary('typedoc-inline');
  t.after(() => [caches.typedoc, caches.declarations, inline].forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
  // A package that publishes no declarations fails on its worker: it is left out, and the other jobs are still done.
  const broken = { name: '@fixture/untyped', version: '1.0.0', directory: inline, manifest: { name: '@fixture/untyped', version: '1.0.0' }, resolvedDependencies: {} };

  const models = await runPackageJobs([{ convert: broken }, { convert: signal }, ...good.map((compare) => ({ compare }))], caches, 2);

  assert.deepEqual([...models.keys()], ['@pexip/signal@16.9.0']);
  assert.deepEqual(models.get('@pexip/signal@16.9.0'), await convertPackage(signal, inline));
  const written = fs.readdirSync(caches.declarations).sort();
  assert.equal(written.length, 3, `the worker wrote ${written.join(', ')}`);
  assert.ok(written.every((file) => /^@pexip__signal@(16\.9\.0|16\.7\.1|16\.7\.1\.\.16\.9\.0)\.ts-.*\.json$/.test(file)), written.join(', '));
  assert.deepEqual(packageHistory('@pexip/signal', ['16.7.1'], repoRoot, caches.declarations, signal), packageHistory('@pexip/signal', ['16.7.1'], repoRoot, undefined, signal));
});

test('with no jobs, no worker starts and nothing is converted', async () => {
  assert.deepEqual(await runPackageJobs([], { typedoc: 'unused', declarations: 'unused' }, 2), new Map());
});
