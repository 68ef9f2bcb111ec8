import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { responseExampleCheck } from '../../src/reference/openapi/response-examples.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { apiReference } from '../helpers/openapi.ts';

// Every JSON response example an operation page shows carries a "checked" line: this runs that
// check. Each example is parsed as JSON and validated (Ajv, formats too) against its response's
// schema, read from the very description the site publishes for download.

const ours = fs.readdirSync(path.join(repoRoot, 'content', 'specs')).filter((file) => /\.openapi\.ya?ml$/.test(file));

type Node = Record<string, unknown>;

/** The JSON pointer where `segments` lead in `document`, following the $refs met on the way. */
function resolvedPointer(document: Node, segments: string[]): string {
  let node: unknown = document;
  let pointer = '';
  const follow = () => {
    while (node && typeof node === 'object' && typeof (node as Node).$ref === 'string') {
      pointer = ((node as Node).$ref as string).replace(/^#/, '');
      node = pointer.split('/').slice(1).reduce<unknown>((at, part) => (at as Node)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
  };
  for (const segment of segments) {
    follow();
    node = (node as Node)?.[segment];
    pointer += `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return pointer;
}

async function checkSpec(file: string) {
  const { pages, diagnostics } = await apiReference(path.join(repoRoot, 'content', 'specs'), { spec: file });
  assert.deepEqual(diagnostics.errors, [], file);
  const overview = pages.find((page) => page.downloads?.length);
  const published = JSON.parse(overview!.downloads!.find((download) => download.url.endsWith('.json'))!.contents) as Node;
  const ajv = String(published.openapi).startsWith('3.1') ? new Ajv2020({ strict: false, allErrors: true, validateSchema: false }) : new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(published, 'spec');
  const problems: string[] = [];
  let checked = 0;
  for (const page of pages) {
    if (page.body.type !== 'api-operation') continue;
    const { view } = page.body;
    for (const response of view.responses) {
      if (!response.contentType || !/json/i.test(response.contentType)) continue;
      const where = `${file} ${view.method} ${view.path} ${response.status}`;
      if (!response.examples.length) problems.push(`${where}: a JSON body without an example`);
      for (const example of response.examples) {
        assert.equal(example.checkedWith, responseExampleCheck(response.status), where);
        const pointer = resolvedPointer(published, [view.webhook ? 'webhooks' : 'paths', view.path, view.method.toLowerCase(), 'responses', response.status, 'content', response.contentType, 'schema']);
        const validate = ajv.getSchema(`spec#${pointer}`);
        if (!validate) {
          problems.push(`${where}: no schema at ${pointer}`);
          continue;
        }
        if (!validate(JSON.parse(example.code))) problems.push(`${where} "${example.label}": ${ajv.errorsText(validate.errors)}`);
        checked++;
      }
    }
  }
  return { problems, checked };
}

test("every JSON response example on the portal's API pages parses and matches its response schema", { timeout: 5 * 60_000 }, async () => {
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
