import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operationPageBudget } from '../../../src/kinds/api-operation-budget.ts';
import { apiReference, bodyOf, specFolder } from '../../helpers/openapi.ts';

// An operation page past the size budget is built, and said: a warning at the operation's JSON
// pointer and line in the spec, so its authors can find what made it large.
const fields = 1200;
const words = (index: number) => `Field ${index} of the wide record: ${'a long explanation of what this field holds and when it changes, '.repeat(7)}`;
const spec = `openapi: 3.0.3
info: { title: Wide API, version: '1' }
paths:
  /small:
    get:
      operationId: getSmall
      responses:
        '204': { description: Nothing. }
  /wide:
    get:
      operationId: getWide
      responses:
        '200':
          description: The wide record.
          content:
            application/json:
              schema:
                type: object
                properties:
${Array.from({ length: fields }, (_, index) => `                  field${index}: { type: string, description: '${words(index)}' }`).join('\n')}
`;

test('an operation page over the size budget is a warning at the operation, and is still built', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.errors, []);
  const wide = pages.find((page) => page.route === '/docs/vpaas/api/get-wide');
  assert.ok(wide && bodyOf(wide).includes(`Field ${fields - 1} of the wide record`), 'the page is built whole');
  const over = diagnostics.warnings.filter((warning) => /over the .* a page should be/.test(warning.message));
  assert.equal(over.length, 1, over.map((warning) => warning.message).join('\n'));
  assert.equal(over[0].file, 'api.yaml');
  assert.equal(over[0].line, 10, 'the line of the operation');
  assert.match(over[0].message, new RegExp(`^at /paths/~1wide/get: the page /docs/vpaas/api/get-wide is \\d+\\.\\d MB of markup and page data, over the ${(operationPageBudget / 1024 / 1024).toFixed(1)} MB a page should be$`));
  assert.match(over[0].hint ?? '', /components\/schemas/);
});

test("each operation page's source is its operation's line, so later warnings about it (its twin's length) point there", async () => {
  const { pages } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  assert.deepEqual(pages.find((page) => page.route === '/docs/vpaas/api/get-small')?.source, { file: 'api.yaml', line: 5 });
  assert.deepEqual(pages.find((page) => page.route === '/docs/vpaas/api/get-wide')?.source, { file: 'api.yaml', line: 10 });
});
