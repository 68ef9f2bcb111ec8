import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiReference, specFolder } from '../../helpers/openapi.ts';

// Slugs come from operationIds ("repos/get", "reposGet" and "repos_get" all become "repos-get").
// Two operations on one route used to be a warning from the route table and one page silently
// missing from the reference; now it is an error naming both operations.
const spec = (operations: string) => `openapi: 3.0.3
info: { title: Clash API, version: '1' }
paths:
${operations}`;

const operation = (path: string, method: string, operationId?: string) =>
  `  ${path}:\n    ${method}:\n${operationId ? `      operationId: ${operationId}\n` : ''}      responses: { '200': { description: OK } }\n`;

describe('operations whose slugs meet on one route', () => {
  test('two operationIds with the same slug fail, naming both operations by pointer, with the fix', async () => {
    const { diagnostics } = await apiReference(specFolder({ 'api.yaml': spec(operation('/repos/mine', 'get', 'repos/get') + operation('/repositories/mine', 'get', 'reposGet')) }), { spec: 'api.yaml' });
    assert.deepEqual(
      diagnostics.errors.map((problem) => [problem.file, problem.message, problem.hint]),
      [['api.yaml', 'GET /repositories/mine (/paths/~1repositories~1mine/get) gets the route /docs/vpaas/api/repos-get, which GET /repos/mine (/paths/~1repos~1mine/get) already has', 'Give "reposGet" a slug of its own in "slugs" of this openapi entry in portal.config.ts.']],
    );
  });

  test('the configured slug resolves the clash', async () => {
    const { diagnostics, pages } = await apiReference(specFolder({ 'api.yaml': spec(operation('/repos/mine', 'get', 'repos/get') + operation('/repositories/mine', 'get', 'reposGet')) }), { spec: 'api.yaml', slugs: { reposGet: 'get-repository' } });
    assert.deepEqual(diagnostics.errors, []);
    assert.deepEqual(pages.map((page) => page.route).slice(1), ['/docs/vpaas/api/repos-get', '/docs/vpaas/api/get-repository']);
  });

  test("without operationIds, paths that slug alike clash too; so does an operation named like the API's overview", async () => {
    const { diagnostics } = await apiReference(specFolder({ 'api.yaml': spec(operation('/a-b', 'get') + operation('/a/b', 'get') + operation('/c', 'post', 'clashApi')) }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.errors.map((problem) => problem.message), [
      'GET /a/b (/paths/~1a~1b/get) gets the route /docs/vpaas/api/get-a-b, which GET /a-b (/paths/~1a-b/get) already has',
      'POST /c (/paths/~1c/post) gets the route /docs/vpaas/api/clash-api, which the overview page (from info.title "Clash API") already has',
    ]);
    assert.match(diagnostics.errors[0].hint ?? '', /Give the operation an operationId/);
  });

  test('an operationId with nothing to slug (CJK) is an error at its line suggesting "slugs"; a configured slug resolves it', async () => {
    const folder = specFolder({ 'api.yaml': spec(operation('/users', 'get', '日本語') + operation('/teams', 'get', 'listTeams')) });
    const { diagnostics } = await apiReference(folder, { spec: 'api.yaml' });
    assert.deepEqual(
      diagnostics.errors.map((problem) => [problem.file, problem.line, problem.message, problem.hint]),
      [['api.yaml', 6, 'GET /users (/paths/~1users/get) has the operationId "日本語", which has nothing a URL can be made of (Latin letters or digits; Chinese, Japanese and Korean are not transliterated), so its page would have no route of its own', 'Give it a slug in "slugs" of this openapi entry in portal.config.ts, such as slugs: { "日本語": "get-user" }.']],
    );
    const fixed = await apiReference(folder, { spec: 'api.yaml', slugs: { 日本語: 'get-users' } });
    assert.deepEqual(fixed.diagnostics.errors, []);
    assert.deepEqual(fixed.pages.map((page) => page.route).slice(1), ['/docs/vpaas/api/get-users', '/docs/vpaas/api/list-teams']);
  });

  test('an info.title with nothing to slug is an error at its line suggesting "overviewSlug"; the configured slug resolves it', async () => {
    const folder = specFolder({ 'api.yaml': "openapi: 3.0.3\ninfo:\n  version: '1'\n  title: 日本語\npaths:\n" + operation('/teams', 'get', 'listTeams') });
    const { diagnostics } = await apiReference(folder, { spec: 'api.yaml' });
    assert.deepEqual(
      diagnostics.errors.map((problem) => [problem.file, problem.line, problem.message, problem.hint]),
      [['api.yaml', 4, 'info.title "日本語" has nothing a URL can be made of (Latin letters or digits; Chinese, Japanese and Korean are not transliterated), so the overview page would have no route of its own', 'Give the overview page a slug on this openapi entry in portal.config.ts, such as overviewSlug: "reference".']],
    );
    const fixed = await apiReference(folder, { spec: 'api.yaml', overviewSlug: 'nihongo' });
    assert.deepEqual(fixed.diagnostics.errors, []);
    assert.deepEqual(fixed.pages.map((page) => page.route), ['/docs/vpaas/api/nihongo', '/docs/vpaas/api/list-teams']);
  });
});
