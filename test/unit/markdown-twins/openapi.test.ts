import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { apiReference } from '../../helpers/openapi.ts';
import { operationTwin, overviewTwin } from '../../../src/markdown-twins/openapi.ts';
import { fixturesRoot } from '../../helpers/fixtures.ts';

describe('API page twins (from the operation views)', async () => {
  const { pages } = await apiReference(path.join(fixturesRoot, 'openapi'), { spec: 'shop.yaml' });
  // The twin's body, made from the view the page's HTML was rendered from.
  const twinAt = (route: string) => {
    const page = pages.find((candidate) => candidate.route === route);
    const target = { route, siteUrl: 'https://example.test' };
    if (page?.kind === 'api-operation') return operationTwin(page.body.view, target);
    if (page?.kind === 'api-overview') return overviewTwin(page.body.view, target);
    return '';
  };

  test('an operation twin has its method and path, parameters, schema fields and every request sample', () => {
    const twin = twinAt('/docs/vpaas/api/get-order');
    assert.match(twin, /^`GET \/orders\/\{order_id\}`/);
    assert.match(twin, /\| `order_id` \(required\) \| path \|/);
    for (const language of ['bash', 'js', 'python']) assert.match(twin, new RegExp(`\`\`\`${language}\\n`));
    assert.match(twin, /curl --request GET/);
  });

  test('a form body lists its fields with type, required and default', () => {
    assert.match(twinAt('/docs/vpaas/api/get-token'), /- `grant_type` \(string, required, default "client_credentials"\)/);
  });

  test('the overview lists every operation, linked to its twin', () => {
    const twin = twinAt('/docs/vpaas/api/shop-api');
    assert.match(twin, /- \[Get an order\]\(https:\/\/example\.test\/docs\/vpaas\/api\/get-order\.md\): `GET \/orders\/\{order_id\}`/);
    assert.match(twin, /See \[the orders guide\]\(https:\/\/example\.test\/docs\/guide\)/);
  });
});
