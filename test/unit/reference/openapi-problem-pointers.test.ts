import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLinks } from '../../../src/links/check.ts';
import { apiReference, bodyOf, specFolder } from '../../helpers/openapi.ts';

// Problems in a spec's Markdown used to say only "in a description" (or nothing): in a 13 MB
// spec with a thousand operations that is no help. They now name the JSON pointer of the text.
const spec = `openapi: 3.0.3
info: { title: Pointer API, version: '1' }
paths:
  /repos/{id}:
    get:
      operationId: getRepo
      summary: Get a repository
      description: 'See [the guide](/rest/guides/start).'
      parameters:
        - { name: id, in: path, required: true, schema: { type: string }, description: '[Run](javascript:alert(1)) it.' }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Repo' }
components:
  schemas:
    Repo:
      type: object
      properties:
        name: { type: string, description: 'Named as in [naming](#naming-rules).' }
`;

describe('problems in spec text name their JSON pointer', () => {
  test('a Markdown problem names the pointer of the text it is in', async () => {
    const { diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1);
    assert.equal(diagnostics.errors[0].file, 'api.yaml');
    assert.match(diagnostics.errors[0].message, /^at \/paths\/~1repos~1\{id\}\/get\/parameters\/0\/description: unsafe link "javascript:alert\(1\)"/);
  });

  test('a broken link names the pointer of the text, where it was written (a shared schema), and suggests linkBase', async () => {
    const { pages } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    const page = pages.find((candidate) => candidate.route === '/docs/vpaas/api/get-repo')!;
    const report = checkLinks([{ route: page.route, html: bodyOf(page), file: page.source.file, links: page.links }], new Set());
    assert.deepEqual(
      report.problems.map((problem) => [problem.file, problem.message]),
      [
        ['api.yaml', 'link to "/rest/guides/start" not found (at /paths/~1repos~1{id}/get/description)'],
        ['api.yaml', 'link to "#naming-rules": the page has no heading or element with id "naming-rules" (at /components/schemas/Repo/properties/name/description)'],
      ],
    );
    assert.match(report.problems[0].hint ?? '', /set "linkBase" on its openapi entry/);
    assert.doesNotMatch(report.problems[1].hint ?? '', /linkBase/, 'linkBase does not place a #fragment');
  });
});
