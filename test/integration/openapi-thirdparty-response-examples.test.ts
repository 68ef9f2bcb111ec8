import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readSampleChecks, responseExampleLabel } from '../../src/markdown/sample-checks.ts';
import { escapePointer } from '../../src/openapi/locate.ts';
import { resolvedPointer } from '../../src/openapi/response-validator.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { apiReference } from '../helpers/openapi.ts';
import { requireThirdParty, thirdPartySpecs } from '../helpers/thirdparty.ts';

// Descriptions nobody here wrote carry examples nobody here checked: the build validates each
// one and labels only those that pass. Here every labelled example is validated again, by this
// test's own Ajv (allErrors, on the published description), and every unlabelled JSON example
// must be one the build warned about. The counts are printed.

const checks = readSampleChecks(repoRoot);

test('every response example of the third-party descriptions that says "checked" validates against its schema', { timeout: 10 * 60_000 }, async (t) => {
  const inputs = thirdPartySpecs.map((file) => requireThirdParty(`openapi/${file}`, t));
  if (inputs.includes(undefined)) return;
  const counts: string[] = [];
  const problems: string[] = [];
  for (const input of inputs as string[]) {
    const { pages, diagnostics } = await apiReference(path.dirname(input), { spec: path.basename(input) }, undefined, checks);
    const warned = diagnostics.warnings.filter((warning) => /does not validate against its schema/.test(warning.message));
    const overview = pages.find((page) => page.downloads?.length)!;
    const published = JSON.parse(overview.downloads!.find((download) => download.url.endsWith('.json'))!.contents) as Record<string, unknown>;
    const ajv = String(published.openapi).startsWith('3.1') ? new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false }) : new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats.default(ajv);
    ajv.addSchema(published, 'own');
    const validators = new Map<string, ValidateFunction | undefined>();
    let validated = 0;
    let unlabelled = 0;
    let schemaless = 0;
    for (const page of pages) {
      if (page.kind !== 'api-operation') continue;
      const { view } = page.body;
      for (const response of view.responses) {
        if (!response.contentType || !/json/i.test(response.contentType)) continue;
        const where = `${path.basename(input)} ${view.method} ${view.path} ${response.status}`;
        const pointer = `/${view.webhook ? 'webhooks' : 'paths'}/${escapePointer(view.path)}/${view.method.toLowerCase()}/responses/${escapePointer(response.status)}/content/${escapePointer(response.contentType)}/schema`;
        for (const example of response.examples) {
          const target = resolvedPointer(published, pointer);
          if (!example.check) {
            // A body without a schema has nothing to be validated against.
            if (target === undefined) schemaless++;
            else unlabelled++;
            continue;
          }
          assert.deepEqual(example.check, responseExampleLabel(checks, response.status), where);
          if (target === undefined) {
            problems.push(`${where} "${example.label}": labelled checked, but its body has no schema`);
            continue;
          }
          if (!validators.has(target)) validators.set(target, ajv.getSchema(`own#${target.split('/').map(encodeURIComponent).join('/')}`));
          const validate = validators.get(target);
          if (!validate) problems.push(`${where} "${example.label}": labelled checked, but there is no schema at ${target}`);
          else if (!validate(JSON.parse(example.code))) problems.push(`${where} "${example.label}": labelled checked, but ${ajv.errorsText(validate.errors)}`);
          validated++;
        }
      }
    }
    // Every example shown without the label is one the build said why about.
    // (One example shared by several operations is reported once.)
    if ((unlabelled > 0) !== (warned.length > 0) || warned.length > unlabelled) problems.push(`${path.basename(input)}: ${unlabelled} JSON examples failed the build's check, but it warned ${warned.length} times`);
    counts.push(`${path.basename(input)}: ${validated} validated (labelled), ${unlabelled} did not validate (no label; ${warned.length} warnings), ${schemaless} without a schema (no label)`);
  }
  console.log(counts.join('\n'));
  assert.deepEqual(problems, []);
});
