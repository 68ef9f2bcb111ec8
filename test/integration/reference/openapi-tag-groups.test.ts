import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tagGroupThreshold } from '../../../src/openapi/pages.ts';
import { apiReference, bodyOf, specFolder, textOf } from '../../helpers/openapi.ts';

// A large API listed flat is hundreds of sidebar entries: it gets a group per tag, each with a
// page of its own carrying the tag's description.
function spec(operationCount: number): string {
  const tags = ['Stations', 'Trips', 'Bookings'];
  const paths = Array.from({ length: operationCount }, (_, i) => {
    const tag = i < operationCount - 2 ? `\n      tags: [${tags[i % 3]}]` : '';
    return `  /things${i}:\n    get:\n      operationId: getThing${i}\n      summary: Get thing ${i}${tag}\n      responses: { '200': { description: OK } }`;
  });
  return `openapi: 3.0.3
info: { title: Rail API, version: '1' }
tags:
  - { name: Trips, description: Journeys between two stations. }
  - { name: Stations, description: Where trains stop. }
paths:
${paths.join('\n')}
`;
}

test('a large API gets a sidebar group per tag, in the order the spec declares, with a page for each tag', async () => {
  const { pages, sidebars, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec(tagGroupThreshold + 5) }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.problems, []);
  const [main, ...groups] = sidebars;
  assert.deepEqual(main.items.map((item) => item.label), ['Rail API', `Get thing ${tagGroupThreshold + 3}`, `Get thing ${tagGroupThreshold + 4}`], 'the overview and the untagged operations stay at the top');
  assert.deepEqual(groups.map((group) => [group.label, group.folder, group.href, group.position]), [
    ['Trips', 'vpaas/api/tag-trips', '/docs/vpaas/api/tag-trips', 1],
    ['Stations', 'vpaas/api/tag-stations', '/docs/vpaas/api/tag-stations', 2],
    ['Bookings', 'vpaas/api/tag-bookings', '/docs/vpaas/api/tag-bookings', 3],
  ]);
  assert.equal(groups.reduce((sum, group) => sum + group.items.length, 0), tagGroupThreshold + 3);
  const trips = pages.find((page) => page.route === '/docs/vpaas/api/tag-trips')!;
  assert.equal(trips.title, 'Trips');
  assert.match(textOf(bodyOf(trips)), /Journeys between two stations\./);
  assert.match(bodyOf(trips), /<a href="\/docs\/vpaas\/api\/get-thing1">Get thing 1<\/a>/);
});

test('a small API keeps one flat list', async () => {
  const { sidebars, pages } = await apiReference(specFolder({ 'api.yaml': spec(10) }), { spec: 'api.yaml' });
  assert.equal(sidebars.length, 1);
  assert.equal(sidebars[0].items.length, 11);
  assert.ok(!pages.some((page) => page.route.includes('/tag-')));
});

// Stripe's description tags none of its 452 operations. Like it, this library API puts every
// path under /v2 and names the resource next; a few untagged paths name none.
function untaggedSpec(): string {
  const resources = ['books', 'loans', 'reading_lists'];
  const paths = Array.from({ length: tagGroupThreshold + 3 }, (_, i) => {
    const resource = resources[i % 3];
    const path = i % 2 ? `/v2/${resource}/{id}/copy${i}` : `/v2/${resource}/item${i}`;
    const parameters = i % 2 ? `\n      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]` : '';
    return `  ${path}:\n    get:\n      operationId: op${i}\n      summary: Operation ${i}${parameters}\n      responses: { '200': { description: OK } }`;
  });
  return `openapi: 3.1.0
info: { title: Library API, version: '2' }
paths:
${paths.join('\n')}
  /v2/{tenant}:
    get: { operationId: tenantHome, summary: Tenant home, parameters: [{ name: tenant, in: path, required: true, schema: { type: string } }], responses: { '200': { description: OK } } }
webhooks:
  loanDue:
    post: { summary: A loan is due, responses: { '200': { description: OK } } }
`;
}

test('a large API without tags is grouped by the resource its paths name, each group with a page', async () => {
  const { pages, sidebars, diagnostics } = await apiReference(specFolder({ 'api.yaml': untaggedSpec() }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.problems, []);
  const [main, ...groups] = sidebars;
  assert.deepEqual(main.items.map((item) => item.label), ['Library API', 'Tenant home'], 'a path with no resource segment stays at the top');
  assert.deepEqual(groups.map((group) => [group.label, group.href, group.items.length]), [
    ['Books', '/docs/vpaas/api/group-books', 15],
    ['Loans', '/docs/vpaas/api/group-loans', 14],
    ['Reading lists', '/docs/vpaas/api/group-reading-lists', 14],
    ['Webhooks', '/docs/vpaas/api/group-webhooks', 1],
  ]);
  const loans = pages.find((page) => page.route === '/docs/vpaas/api/group-loans')!;
  assert.equal(loans.title, 'Loans');
  assert.match(textOf(bodyOf(loans)), /The operations on \/v2\/loans and the paths below it\./);
  assert.match(bodyOf(loans), /<a href="\/docs\/vpaas\/api\/op1">Operation 1<\/a>/);
});
