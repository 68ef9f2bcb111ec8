import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiSchemaTwin } from '../../../src/markdown-twins/api-schema-twin.ts';
import { apiTagTwin } from '../../../src/markdown-twins/api-tag-twin.ts';
import { schemaList } from '../../../src/markdown-twins/openapi.ts';
import type { SchemaRow } from '../../../src/shared/api-model.ts';

const target = { route: '/docs/garden/api/schema-bed', siteUrl: 'https://garden.example' };
const rows: SchemaRow[] = [
  { name: 'length', type: 'integer', required: true, constraints: ['minimum 1'], descriptionHtml: '<p>How long the bed is, in <em>metres</em>.</p>', children: [] },
  { name: 'crop', type: 'object', required: false, constraints: [], children: [], ref: { label: 'Crop', href: '/docs/garden/api/schema-crop', kind: 'page' } },
];

test("a schema page's twin names its schema and API, and lists its fields as an operation's twin does", () => {
  const twin = apiSchemaTwin({ name: 'Bed', type: 'object', constraints: ['at most 3 crops'], descriptionHtml: '<p>A bed of the garden.</p>', rows, overview: { title: 'Garden API', href: '/docs/garden/api' } }, target);
  assert.equal(
    twin,
    [
      'Schema `Bed` (object) of the [Garden API](https://garden.example/docs/garden/api.md).',
      'at most 3 crops',
      'A bed of the garden.',
      '## Fields',
      schemaList(rows, target),
    ].join('\n\n'),
  );
  assert.match(twin, /- `length` \(integer, required, minimum 1\): How long the bed is, in _metres_\./);
  assert.match(twin, /\[Crop\]\(https:\/\/garden\.example\/docs\/garden\/api\/schema-crop\.md\)/);
});

test('a schema of one value says it has no fields', () => {
  assert.match(apiSchemaTwin({ name: 'Season', type: 'string', rows: [], overview: { title: 'Garden API', href: '/docs/garden/api' } }, target), /## Fields\n\nNo fields: a value of this type stands on its own\.$/);
});

test("a tag page's twin lists each operation with its method and path, linked to its twin", () => {
  const twin = apiTagTwin(
    { pathPrefix: '/beds', descriptionHtml: '<p>Everything about <strong>beds</strong>.</p>', operations: [{ method: 'POST', path: '/beds/{id}/sow', summary: 'Sow a bed', href: '/docs/garden/api/sow-bed' }], overview: { title: 'Garden API', href: '/docs/garden/api' } },
    target,
  );
  assert.equal(
    twin,
    [
      'A group of operations of the [Garden API](https://garden.example/docs/garden/api.md).',
      'The operations on `/beds` and the paths below it.',
      'Everything about **beds**.',
      '## Operations',
      '- POST [Sow a bed](https://garden.example/docs/garden/api/sow-bed.md) `/beds/{id}/sow`',
    ].join('\n\n'),
  );
});
