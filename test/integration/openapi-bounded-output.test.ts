// Issue 38's "one shared schema expanded everywhere": 1,000 operations that take and answer one
// schema whose field has a 20,000-value enum (a spec of about 650 KB). Each page, twin, data file,
// llms-full.txt, mcp/operations.json and the search index held the whole list: 991 MB written,
// 11.8 GB of memory. Operation pages now show the first values and link the one list; the output
// is asserted here by size (time and memory are measured by hand: see docs/openapi.md).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../helpers/fixtures.ts';
import { siteWithSpecs } from '../helpers/openapi-site.ts';
import { shadeName, writeSharedEnumSpec } from '../helpers/shared-enum-spec.ts';

const operations = 1000;
const values = 20_000;
const kb = 1024;
const mb = 1024 * kb;

test(`${operations.toLocaleString('en-US')} operations sharing a schema with a ${values.toLocaleString('en-US')}-value enum build to a bounded output`, { timeout: 30 * 60_000 }, async () => {
  const spec = writeSharedEnumSpec(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shared-enum-')), { operations, values });
  const site = siteWithSpecs([{ file: spec, folder: 'shades', label: 'Shades' }]);
  const config = path.join(site, 'portal.config.ts');
  // Cards are not what is measured here, and drawing 1,500 would take most of the test's time.
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("socialCards: 'page'", "socialCards: 'off'"));
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, summary.errors.map((error) => error.message).join('; '));
  assert.deepEqual(summary.warnings.filter((warning) => /a page should be/.test(warning.message)), [], 'no operation page over its budget');

  const dist = path.join(site, 'dist');
  const files = (fs.readdirSync(dist, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(dist, file)).isFile());
  const size = (file: string) => fs.statSync(path.join(dist, file)).size;
  const total = files.reduce((sum, file) => sum + size(file), 0);
  assert.ok(total < 150 * mb, `the output is ${Math.round(total / mb)} MB (it was 991 MB)`);

  // Every operation's page, twin and page data is small: its enum shows 20 values and a count.
  const operationFiles = files.filter((file) => /(^|[/\\])(get|replace)-swatch\d+([/\\]index\.(html|md)|\.md|\.json)$/.test(file));
  assert.equal(operationFiles.length, operations * 4, 'HTML, two twins and the page data of each operation');
  for (const file of operationFiles) assert.ok(size(file) < 100 * kb, `${file} is ${Math.round(size(file) / kb)} KB`);
  for (const file of ['llms-full.txt', 'mcp/operations.json']) assert.ok(size(file) < 10 * mb, `${file} is ${Math.round(size(file) / mb)} MB`);

  // The whole list is written a bounded number of times, whatever the number of operations: the
  // schema page (HTML, twin, data), the published description (YAML, JSON) and the llms-full files.
  const last = shadeName(values - 1);
  const holding = files.filter((file) => size(file) > 200 * kb && fs.readFileSync(path.join(dist, file), 'utf8').includes(last));
  assert.ok(holding.length <= 8, `the full list is in ${holding.length} files: ${holding.join(', ')}`);
  assert.ok(holding.some((file) => /schemas[/\\]swatch[/\\]index\.html$/.test(file)), 'the schema page lists every value');
  const page = fs.readFileSync(path.join(dist, 'docs', 'shades', 'get-swatch0', 'index.html'), 'utf8');
  assert.match(page, /and 19,980 more/);
  assert.match(page, /All 20,000 values: <a href="\/docs\/shades\/schemas\/swatch">Swatch schema<\/a>/);
});
