import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requestSamples, type SampleRequest } from '../../../src/openapi/samples.ts';

// What running the samples against a stand-in of the spec found (test/content/api-sample-runs.test.ts
// proves it end to end; these hold the generator's side of it, fast).

const sampleIn = (request: SampleRequest, language: string) => requestSamples(request).find((sample) => sample.language.value === language)!.code;

const deleteWithReason: SampleRequest = {
  method: 'delete',
  url: 'https://api.example.test/v1/rooms/room-1',
  headers: [['Authorization', 'Bearer $ACCESS_TOKEN']],
  body: { contentType: 'application/json', value: { reason: 'Closed for the night.' } },
  response: 'json',
  bodiless: [304],
};

test('a sample of an operation that answers 304 without a body does not parse that answer as JSON', () => {
  const javascript = sampleIn(deleteWithReason, 'javascript');
  assert.doesNotMatch(javascript, /await response\.json\(\)/);
  assert.match(javascript, /\/\/ A 304 comes without a body\.\n {2}const text = await response\.text\(\);\n {2}const data = text \? JSON\.parse\(text\) : null;/);
  const python = sampleIn(deleteWithReason, 'python');
  assert.match(python, /response\.raise_for_status\(\)\n# A 304 comes without a body\.\nprint\(response\.json\(\) if response\.content else response\.status_code\)$/);
  // An operation that always answers with a body keeps the plain read.
  assert.match(sampleIn({ ...deleteWithReason, bodiless: [] }, 'javascript'), /const data = await response\.json\(\);/);
});

test("a Node sample sends a DELETE's body with its Content-Length (Node frames it neither way on its own)", () => {
  const node = sampleIn(deleteWithReason, 'node');
  assert.match(node, /const payload = JSON\.stringify\(\{reason: 'Closed for the night\.'\}\);\noptions\.headers\['Content-Length'\] = Buffer\.byteLength\(payload\);\n\nconst req = http\.request\(/);
  assert.match(node, /\nreq\.end\(payload\);$/);
  assert.doesNotMatch(node, /req\.write\(/);
});

test('a fetch sample whose JSON body has an escape (a PEM key) sends it as JSON, not with the raw character', () => {
  const pem = { ...deleteWithReason, method: 'post', body: { contentType: 'application/json', value: { public_key: '-----BEGIN KEY-----\nAAAA\n-----END KEY-----\n' } } };
  const javascript = sampleIn(pem, 'javascript');
  const body = /body: JSON\.stringify\((.*)\)$/m.exec(javascript);
  assert.ok(body, javascript);
  assert.deepEqual(JSON.parse(body[1]), pem.body.value);
});
