import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { z } from 'zod';
import { configDoc, configTable, fixCommand, tableMarkers, withTable } from '../../../scripts/config-table.ts';

test('docs/configuration.md holds the key table the config schema gives now', () => {
  const current = fs.readFileSync(configDoc, 'utf8');
  const expected = withTable(current, configTable());
  assert.ok(current === expected, `docs/configuration.md is not what the schema in src/config/schema.ts gives.\n  fix: run ${fixCommand} and commit docs/configuration.md`);
});

test('the table lists nested keys, array items and each navbar item type with their types and defaults', () => {
  const table = configTable();
  assert.match(table, /^\| `navbar\.hideOnScroll` \| boolean \| `false` \| .+ \|$/m);
  assert.match(table, /^\| `navbar\.items\[type=doc\]\.docId` \| string \| required \| .+ \|$/m);
  assert.match(table, /^\| `openapi\[\]\.linkBase` \| URL \| unset \| .+ \|$/m);
  assert.match(table, /^\| `toc\.maxHeadingLevel` \| integer 2–6 \| `5` \| .+ \|$/m);
  assert.match(table, /^\| `socialCards` \| "page" or "area" or "off" \| `"area"` \| .+ \|$/m);
});

test('a key without a .describe() text is refused, naming the key and the fix', () => {
  const schema = z.strictObject({
    described: z.string().describe('has a text'),
    nested: z.strictObject({ bare: z.boolean().default(false) }).describe('has a text too'),
  });
  assert.throws(() => configTable(schema), (error: Error) => {
    assert.match(error.message, /"nested\.bare"/);
    assert.doesNotMatch(error.message, /"described"/);
    assert.match(error.message, /fix: add \.describe\(/);
    return true;
  });
});

test('a document without the table markers is refused rather than left unchanged', () => {
  assert.throws(() => withTable('# Configuration\n\nno markers here\n', '| key |'), new RegExp(`${tableMarkers.start}.*${tableMarkers.end} are missing`));
  const replaced = withTable(`intro\n${tableMarkers.start}\nold\n${tableMarkers.end}\nafter\n`, '| new |');
  assert.equal(replaced, `intro\n${tableMarkers.start}\n| new |\n${tableMarkers.end}\nafter\n`);
});
