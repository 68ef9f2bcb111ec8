import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { declarationsJobs, warmDeclarations } from '../../src/typedoc/declarations-warmup.ts';
import { locatePackage } from '../../src/typedoc/installed-packages.ts';
import { packageHistory } from '../../src/typedoc/package-history.ts';
import { repoRoot } from '../helpers/fixtures.ts';

const signal = { name: '@pexip/signal', version: '16.9.0', ...locatePackage('@pexip/signal', repoRoot), dependencies: {} };

test('the warm-up worker writes the changes (and declaration texts) a history reads, and the history is the same as one made without it', { timeout: 120_000 }, async () => {
  const good = declarationsJobs([signal as never], () => ['16.7.1', '16.0.0'], repoRoot);
  // 16.0.0 is not installed: left out here, for the history to report with its fix.
  assert.throws(() => packageHistory('@pexip/signal', ['16.0.0'], repoRoot, undefined, signal), /16\.0\.0, listed in history\.packages, is not installed/);
  assert.deepEqual(good.map(({ name, earlier, later }) => `${name}@${earlier.version}..${later.version}`), ['@pexip/signal@16.7.1..16.9.0']);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-declarations-'));
  await warmDeclarations(good, cacheDir);
  const written = fs.readdirSync(cacheDir).sort();
  assert.equal(written.length, 3, `the worker wrote ${written.join(', ')}`);
  assert.ok(written.every((file) => /^@pexip__signal@(16\.9\.0|16\.7\.1|16\.7\.1\.\.16\.9\.0)\.ts-.*\.json$/.test(file)), written.join(', '));

  assert.deepEqual(packageHistory('@pexip/signal', ['16.7.1'], repoRoot, cacheDir, signal), packageHistory('@pexip/signal', ['16.7.1'], repoRoot, undefined, signal));
});
