import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiChangelogPage } from '../../../src/openapi/changelog-page.ts';
import type { OpenApiDocument } from '../../../src/openapi/load-spec.ts';
import { compareSpecs } from '../../../src/openapi/spec-changes.ts';
import type { OpenApiSourceConfig } from '../../../src/config/schema.ts';
import { bodyOf } from '../../helpers/openapi.ts';
import { feedEntryOf } from '../../../src/kinds/table.ts';

// Two versions of a made-up rooms API. The later one adds an optional query parameter, documents
// a 404, adds a response field, makes a request field required, drops another, changes a
// parameter's type (through a $ref, as a bundled description keeps it) and adds an operation.
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const describe = (later: boolean) =>
  ({
    openapi: '3.0.3',
    info: { title: 'Rooms API', version: later ? '1.1.0' : '1.0.0' },
    components: { parameters: { Limit: { name: 'limit', in: 'query', schema: { type: later ? 'string' : 'integer' } } } },
    paths: {
      '/rooms': {
        get: {
          summary: 'List rooms',
          parameters: [{ $ref: '#/components/parameters/Limit' }, ...(later ? [{ name: 'region', in: 'query', schema: { type: 'string' } }] : [])],
          responses: {
            200: { description: 'The rooms', ...json({ type: 'object', properties: { items: { type: 'array', items: { type: 'string' } }, ...(later ? { total: { type: 'integer' } } : {}) } }) },
            ...(later ? { 404: { description: 'No rooms in that region' } } : {}),
          },
        },
        post: {
          summary: 'Create a room',
          requestBody: json({ type: 'object', ...(later ? { required: ['name'] } : {}), properties: { name: { type: 'string' }, ...(later ? {} : { size: { type: 'integer' } }) } }),
          responses: { 201: { description: 'Created' } },
        },
        ...(later ? { delete: { summary: 'Delete every room', responses: { 204: { description: 'Gone' } } } } : {}),
      },
    },
  }) as unknown as OpenApiDocument;

test('each REST change says what changed, in words, naming its operation once', () => {
  const { changes } = compareSpecs(describe(false), describe(true));
  assert.deepEqual(
    changes.map((change) => `${change.kind} ${change.operation}: ${change.words}`).sort(),
    [
      'added DELETE /rooms: “Delete every room”',
      'added GET /rooms: adds the optional `region` query parameter',
      'added GET /rooms: adds the response 200 body field `total`',
      'added GET /rooms: response 404 now documented',
      'added POST /rooms: the request body field `name` became required',
      'changed GET /rooms: the type of the `limit` query parameter changed from `integer` to `string`',
      'removed POST /rooms: removes the request body field `size`',
    ],
  );
});

test('the changelog page and its feed entry carry the words, not the operation twice', () => {
  const source = { spec: 'rooms.yaml', folder: 'rooms/api', area: 'vpaas' } as unknown as OpenApiSourceConfig;
  const page = apiChangelogPage(source, 'vpaas', [{ document: describe(true), file: 'rooms.yaml', date: '2026-03-02' }, { document: describe(false), file: 'rooms-1.0.0.yaml', date: '2026-01-05' }], () => '/docs/rooms/api/op');
  const html = bodyOf(page);
  const entry = page.feed?.entries[0];
  // The feed entry is the section its kind draws (the page's model holds it).
  const feed = entry?.html ?? feedEntryOf(page, entry?.anchor) ?? '';
  for (const text of [html, feed]) {
    assert.ok(text.includes('<code>GET /rooms</code></a>: adds the optional <code>region</code> query parameter'), text);
    assert.ok(text.includes('response 404 now documented'), text);
    assert.ok(text.includes('<code>DELETE /rooms</code></a>: “Delete every room”'), text);
    assert.ok(!/operation DELETE \/rooms/.test(text), text);
    assert.ok(!text.includes('parameters.1'), text);
    assert.ok(!text.includes('`'), 'code spans are drawn as code, not as backticks');
  }
});
