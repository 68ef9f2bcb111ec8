import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { apiReference } from '../../helpers/openapi.ts';
import { fixturesRoot } from '../../helpers/fixtures.ts';

describe('API page twins (from the operation views)', async () => {
  const { pages } = await apiReference(path.join(fixturesRoot, 'openapi'), { spec: 'shop.yaml' });
  const twinOf = (route: string) => pages.find((page) => page.route === route)?.twin ?? '';

  test('an operation twin has its method and path, parameters, schema fields and every request sample', () => {
    const twin = twinOf('/docs/vpaas/api/get-order');
    assert.match(twin, /^`GET \/orders\/\{order_id\}`/);
    assert.match(twin, /\| `order_id` \(required\) \| path \|/);
    for (const language of ['bash', 'js', 'python']) assert.match(twin, new RegExp(`\`\`\`${language}\\n`));
    assert.match(twin, /curl --request GET/);
  });

  test('a form body lists its fields with type, required and default', () => {
    assert.match(twinOf('/docs/vpaas/api/get-token'), /- `grant_type` \(string, required, default "client_credentials"\)/);
  });

  test('the overview lists every operation, linked to its twin', () => {
    const twin = twinOf('/docs/vpaas/api/shop-api');
    assert.match(twin, /- \[Get an order\]\(https:\/\/example\.test\/docs\/vpaas\/api\/get-order\.md\): `GET \/orders\/\{order_id\}`/);
    assert.match(twin, /See \[the orders guide\]\(https:\/\/example\.test\/docs\/guide\)/);
  });
});
