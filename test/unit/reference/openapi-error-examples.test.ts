import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSampleChecks } from '../../../src/markdown/sample-checks.ts';
import { realisticExample } from '../../../src/openapi/realistic-example.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { apiReference, specFolder } from '../../helpers/openapi.ts';

// One error schema shared by every error status, with no example of its own: the examples the
// pages build from it must carry their own response's status (not the 400 of the `status` field's
// example under a 401), and realistic values, never the sampler's "string" or "property1".
const spec = `openapi: 3.1.0
info: { title: Kennel API, version: '1' }
paths:
  /dogs/{id}:
    get:
      operationId: getDog
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The dog.
          content:
            application/json:
              schema: { type: object, properties: { name: { type: string, example: Rex } } }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '410': { $ref: '#/components/responses/Gone' }
components:
  responses:
    BadRequest: { description: The request was not understood., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
    Unauthorized: { description: The access token is missing or expired., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
    NotFound: { description: No dog has this id., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
    Gone: { description: The dog was rehomed., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
  schemas:
    Problem:
      type: object
      required: [status, reason]
      properties:
        status: { type: integer, examples: [400] }
        reason: { type: string }
        description: { type: string }
        kennel_name: { type: string }
        details:
          type: object
          additionalProperties: { type: array, items: { type: string } }
`;

test('each error status shows an example with its own status and realistic values, validated against its own schema', async () => {
  const { pages } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' }, undefined, readSampleChecks(repoRoot));
  const page = pages.find((candidate) => candidate.route === '/docs/vpaas/api/get-dog')!;
  assert.ok(page.kind === 'api-operation');
  const examples = new Map(page.body.view.responses.map((response) => [response.status, response.examples[0]]));
  const expected: Record<string, { reason: string; description: string }> = {
    '400': { reason: 'Bad Request', description: 'The request was not understood.' },
    '401': { reason: 'Unauthorized', description: 'The access token is missing or expired.' },
    '404': { reason: 'Not Found', description: 'No dog has this id.' },
    '410': { reason: 'Gone', description: 'The dog was rehomed.' },
  };
  for (const [status, { reason, description }] of Object.entries(expected)) {
    const example = examples.get(status)!;
    const body = JSON.parse(example.code) as Record<string, unknown>;
    assert.equal(body.status, Number(status), `the ${status} example repeats its own status`);
    assert.equal(body.reason, reason);
    assert.equal(body.description, description);
    assert.equal(body.kennel_name, 'Example kennel name');
    assert.deepEqual(body.details, { name: ['Example detail'] });
    assert.doesNotMatch(example.code, /"string"|property\d/, `the ${status} example has a placeholder`);
    // Its label says what it was validated against: this status's schema.
    assert.equal(example.check?.checked && example.check.checkedWith, `Ajv 8.20 · parsed as JSON and validated against the ${status} response schema`);
  }
  assert.deepEqual(JSON.parse(examples.get('200')!.code), { name: 'Rex' }, "a field's own example is kept");
});

test('a built example keeps what is not a placeholder, and leaves a body without a status alone', () => {
  assert.deepEqual(realisticExample({ status: 'active', count: 3, tags: ['string'], owner_email: 'user@example.com' }, { status: '404' }), { status: 'active', count: 3, tags: ['Example tag'], owner_email: 'user@example.com' });
  assert.deepEqual(realisticExample(['string']), ['Example text']);
  assert.deepEqual(realisticExample({ labels: { property1: 'string', property2: 'string' } }), { labels: { example_label: 'Example label' } });
});
