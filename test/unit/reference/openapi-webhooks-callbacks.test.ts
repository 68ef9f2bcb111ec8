import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiReference, bodyOf, specFolder, textOf } from '../../helpers/openapi.ts';

// Real descriptions leave summaries empty, describe webhooks (3.1), callbacks and response links
// (the OAI examples have each). Those used to give empty titles or vanish without a word.
const spec = `openapi: 3.1.0
info: { title: Parcel API, version: '1' }
servers: [{ url: 'https://parcels.example.test' }]
paths:
  /parcels:
    post:
      operationId: sendParcel
      summary: '  '
      parameters:
        - { name: notifyUrl, in: query, required: true, schema: { type: string, format: uri } }
      responses:
        '201':
          description: Accepted for delivery.
          content:
            application/json:
              schema: { type: object, properties: { parcelId: { type: string } } }
          links:
            trackIt:
              operationId: trackParcel
              description: Follow the parcel you just sent.
              parameters: { parcelId: '$response.body#/parcelId' }
      callbacks:
        delivered:
          '{$request.query.notifyUrl}/delivered':
            post:
              description: Sent once the parcel reached its address.
              requestBody:
                content:
                  application/json:
                    schema: { type: object, properties: { signedBy: { type: string, description: Who signed for it. } } }
              responses:
                '204': { description: Tell us you got it. }
  /parcels/{parcelId}:
    get:
      operationId: trackParcel
      parameters: [{ name: parcelId, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: Where it is. } }
  /parcels/{parcelId}/label:
    get:
      summary: ''
      parameters: [{ name: parcelId, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: The label. } }
webhooks:
  parcelLost:
    post:
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { lastSeen: { type: string, description: The depot that saw it last. } } }
      responses: { '200': { description: Acknowledged. } }
`;

describe('titles, webhooks, callbacks and response links', async () => {
  const { pages, sidebars, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  const page = (route: string) => pages.find((candidate) => candidate.route === route);

  test('every operation has a title: summary, else operationId, else method and path', () => {
    assert.deepEqual(diagnostics.problems, []);
    assert.equal(page('/docs/vpaas/api/send-parcel')?.title, 'sendParcel');
    assert.equal(page('/docs/vpaas/api/track-parcel')?.title, 'trackParcel');
    assert.equal(page('/docs/vpaas/api/get-parcels-parcelid-label')?.title, 'GET /parcels/{parcelId}/label');
    const labels = sidebars[0].items.map((item) => item.label);
    assert.ok(labels.every((label) => label.trim()), `empty sidebar labels: ${JSON.stringify(labels)}`);
  });

  test('a webhook gets a page like an operation, saying the API sends it', () => {
    const hook = page('/docs/vpaas/api/webhook-parcel-lost-post');
    assert.ok(hook, `routes: ${pages.map((candidate) => candidate.route).join(', ')}`);
    assert.equal(hook.title, 'POST parcelLost');
    const text = textOf(bodyOf(hook));
    assert.match(text, /The API sends this request to your server/);
    assert.match(text, /The depot that saw it last/);
    assert.doesNotMatch(text, /Base URL/, 'a webhook goes to the reader\'s server, not the API\'s');
    assert.equal(sidebars[0].items.find((item) => item.href === hook.route)?.badge, 'HOOK');
  });

  test('callbacks are shown on the operation that sets them up, in its table of contents', () => {
    const send = page('/docs/vpaas/api/send-parcel')!;
    const text = textOf(bodyOf(send));
    assert.match(text, /Callbacks/);
    assert.match(text, /delivered: POST \{\$request\.query\.notifyUrl\}\/delivered/);
    assert.match(text, /Sent once the parcel reached its address/);
    assert.match(text, /Who signed for it/);
    assert.match(text, /204 No Content/);
    assert.ok(send.toc.some((entry) => entry.text === 'delivered: POST'));
  });

  test('a response link leads to the page of the operation it names, with where its values come from', () => {
    const html = bodyOf(page('/docs/vpaas/api/send-parcel'));
    assert.match(html, /<a href="\/docs\/vpaas\/api\/track-parcel">trackParcel<\/a>/);
    assert.match(textOf(html), /parcelId from \$response\.body#\/parcelId/);
    assert.match(textOf(html), /Follow the parcel you just sent/);
  });
});

describe('long shared text is shown once, on the overview', async () => {
  const essay = ['## Getting a token', '', 'Ask the token service for a token with your client ID.', '', '## Refreshing it', '', 'Tokens last an hour; ask again before then.'].join('\n');
  const spec = `openapi: 3.0.3
info: { title: Token API, version: '1' }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer, description: ${JSON.stringify(essay)} }
    key: { type: apiKey, in: header, name: X-Key, description: A short key note. }
security: [{ bearer: [] }, { key: [] }]
paths:
  /a: { get: { operationId: getA, responses: { '200': { description: OK } } } }
  /b: { get: { operationId: getB, responses: { '200': { description: OK } } } }
`;
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });

  test("a security scheme's essay is on the overview and linked from each operation; a short note stays", () => {
    assert.deepEqual(diagnostics.problems, []);
    const overview = pages.find((page) => page.kind === 'api-overview')!;
    assert.match(textOf(bodyOf(overview)), /Tokens last an hour/);
    for (const route of ['/docs/vpaas/api/get-a', '/docs/vpaas/api/get-b']) {
      const html = bodyOf(pages.find((page) => page.route === route));
      assert.doesNotMatch(html, /Tokens last an hour/);
      assert.match(html, new RegExp(`<a href="${overview.route}#authentication">described in full on the overview</a>`));
      assert.match(textOf(html), /A short key note\./);
    }
  });
});
