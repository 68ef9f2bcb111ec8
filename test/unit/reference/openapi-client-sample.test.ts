import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiReference, specFolder } from '../../helpers/openapi.ts';

// The npm client's TypeScript tab comes from the spec's `clientSample` in the config, not from
// the area the spec is in: a spec in any area gets it by config, and the VPaaS area without it does not.
const spec = `openapi: 3.0.3
info: { title: Rooms API, version: '1' }
servers: [{ url: 'https://rooms.example.test' }]
paths:
  /meetings:
    post:
      operationId: createMeeting
      summary: Make a meeting room
      responses:
        '201': { description: The room was made. }
`;

const tabsOf = async (entry: Record<string, unknown>) => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'rooms.yaml': spec }), { spec: 'rooms.yaml', ...entry });
  assert.deepEqual(diagnostics.errors, []);
  const page = pages.find((candidate) => candidate.kind === 'api-operation');
  assert.ok(page?.kind === 'api-operation');
  return page.body.view.samples.map((sample) => sample.label);
};

test("a spec's configured client gives its operations the client's tab, in any area", async () => {
  const labels = await tabsOf({ area: 'oneTouchJoin', clientSample: '@pexip/vpaas-api' });
  assert.ok(labels.includes('TypeScript (@pexip/vpaas-api)'), labels.join(', '));
  assert.ok(labels.includes('curl'), 'the HTTP samples stay');
});

test('a spec without a configured client has HTTP samples only, in the VPaaS area too', async () => {
  const labels = await tabsOf({ area: 'vpaas' });
  assert.ok(labels.includes('curl'), labels.join(', '));
  assert.ok(!labels.some((label) => label.startsWith('TypeScript (')), labels.join(', '));
});
