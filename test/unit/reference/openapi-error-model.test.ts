import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSampleChecks } from '../../../src/markdown/sample-checks.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { apiReference, bodyOf, specFolder, textOf, twinOf } from '../../helpers/openapi.ts';

// Stripe's every operation answers errors with its `error` schema: shown in full it was about
// 50 KB of HTML on each of 452 pages. The overview shows the error model once; operations link there.
const spec = `openapi: 3.0.3
info: { title: Garden API, version: '1' }
paths:
  /plants:
    get:
      operationId: listPlants
      responses:
        '200': { description: The plants. }
        default:
          description: Something went wrong.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
  /plants/{id}:
    delete:
      operationId: removePlant
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '204': { description: Removed. }
        '404':
          description: No such plant.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
              example: { code: not_found, message: No plant has this id. }
components:
  schemas:
    Error:
      type: object
      properties:
        code: { type: string, description: A code a program can test. }
        message: { type: string, description: 'What went wrong, for people.' }
`;

test('a response carrying the error model links to the overview, which shows it once', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' }, undefined, readSampleChecks(repoRoot));
  assert.deepEqual(diagnostics.problems, []);
  const overview = bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/garden-api'));
  assert.match(textOf(overview), /A code a program can test\./);
  for (const slug of ['list-plants', 'remove-plant']) {
    const page = pages.find((candidate) => candidate.route === `/docs/vpaas/api/${slug}`)!;
    const html = bodyOf(page);
    assert.match(html, /<a href="\/docs\/vpaas\/api\/garden-api#error-model">Error<\/a> are described once, on the overview/, slug);
    assert.doesNotMatch(textOf(html), /A code a program can test\./, `${slug}: the fields are not repeated`);
    // The twin says what the page says, its link to the overview's twin.
    assert.match(twinOf(page), /the fields of \[Error\]\(https:\/\/example\.test\/docs\/vpaas\/api\/garden-api\.md#error-model\) are described once, on the overview/);
  }
  const remove = textOf(bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/remove-plant')));
  assert.match(remove, /"message": "No plant has this id\."/, "the spec's own example is kept");
  // Every status with a body has an example: one built from the error model where the spec gives none.
  const list = pages.find((page) => page.route === '/docs/vpaas/api/list-plants')!;
  const built = list.kind === 'api-operation' ? list.body.view.responses.find((response) => response.status === 'default')?.examples : undefined;
  assert.deepEqual(built?.map((example) => [example.label, JSON.parse(example.code), example.check]), [['Example (from the schema)', { code: 'Example code', message: 'Something went wrong.' }, { checked: true, checkedWith: 'Ajv 8.20 · parsed as JSON and validated against the default response schema' }]]);
});
