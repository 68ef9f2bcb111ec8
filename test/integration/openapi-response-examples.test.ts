import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readSampleChecks, responseExampleLabel } from '../../src/markdown/sample-checks.ts';
import { escapePointer } from '../../src/openapi/locate.ts';
import { schemaValidator } from '../../src/openapi/response-validator.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { apiReference } from '../helpers/openapi.ts';

// The build validates every JSON response example it shows against its response's schema
// (src/openapi/response-example-check.ts) and labels only those that pass. On the
// portal's own descriptions every example must pass: each carries the registry's label, the
// build warns about none, and the same validation run here on the published description (the
// very file readers download) agrees.

const ours = fs.readdirSync(path.join(repoRoot, 'content', 'specs')).filter((file) => /\.openapi\.ya?ml$/.test(file));
const checks = readSampleChecks(repoRoot);

async function checkSpec(file: string) {
  const { pages, diagnostics } = await apiReference(path.join(repoRoot, 'content', 'specs'), { spec: file }, undefined, checks);
  assert.deepEqual(diagnostics.errors, [], file);
  const overview = pages.find((page) => page.downloads?.length);
  const published = JSON.parse(overview!.downloads!.find((download) => download.url.endsWith('.json'))!.contents) as object;
  const validator = schemaValidator(published);
  const problems = diagnostics.warnings.filter((warning) => /does not validate against its schema/.test(warning.message)).map((warning) => `${warning.file}:${warning.line}: ${warning.message}`);
  let checked = 0;
  for (const page of pages) {
    if (page.kind !== 'api-operation') continue;
    const { view } = page.body;
    for (const response of view.responses) {
      if (!response.contentType || !/json/i.test(response.contentType)) continue;
      const where = `${file} ${view.method} ${view.path} ${response.status}`;
      if (!response.examples.length) problems.push(`${where}: a JSON body without an example`);
      for (const example of response.examples) {
        assert.deepEqual(example.check, responseExampleLabel(checks, response.status), where);
        const pointer = `/${view.webhook ? 'webhooks' : 'paths'}/${escapePointer(view.path)}/${view.method.toLowerCase()}/responses/${response.status}/content/${escapePointer(response.contentType)}/schema`;
        const verdict = validator.validate(pointer, JSON.parse(example.code));
        if (!verdict.valid) problems.push(`${where} "${example.label}": ${JSON.stringify(verdict)}`);
        checked++;
      }
    }
  }
  return { problems, checked };
}

test("every JSON response example on the portal's API pages passes the build's schema check and carries its label", { timeout: 5 * 60_000 }, async () => {
  assert.ok(checks.responseExamples, 'content/sample-checks.json has a "responseExamples" entry');
  let checked = 0;
  const problems: string[] = [];
  for (const file of ours) {
    const result = await checkSpec(file);
    checked += result.checked;
    problems.push(...result.problems);
  }
  assert.deepEqual(problems, []);
  assert.ok(checked >= 29, `${checked} examples checked`);
});
