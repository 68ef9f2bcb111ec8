import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { operationEntries } from '../../../src/markdown-twins/mcp-data.ts';
import { enumShown } from '../../../src/openapi/schema-rows.ts';
import { apiReference, bodyOf, specFolder, textOf, twinOf } from '../../helpers/openapi.ts';

// A long enum in a schema many operations share was copied whole into every operation page, twin,
// page data and MCP entry (issue 38: 20,000 values x 1,000 operations made 991 MB). Operation
// pages now show its first values and a count, and link the one place that lists them all.
const values = 500;
const colour = (index: number) => `colour-${String(index).padStart(3, '0')}`;
const list = `[${Array.from({ length: values }, (_, index) => colour(index)).join(', ')}]`;
const spec = `openapi: 3.0.3
info: { title: Palette API, version: '1' }
paths:
  /swatches/{id}:
    get:
      operationId: getSwatch
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: tint, in: query, schema: { $ref: '#/components/schemas/Tint' } }
        - { name: finish, in: query, schema: { type: string, enum: ${list} } }
        - { name: size, in: query, schema: { type: string, enum: [small, large] } }
      responses:
        '200':
          description: The swatch.
          content: { application/json: { schema: { $ref: '#/components/schemas/Swatch' } } }
  /mixes:
    post:
      operationId: mixPaint
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                base: { type: string, enum: ${list} }
      responses:
        '204': { description: Mixed. }
components:
  schemas:
    Swatch:
      type: object
      properties:
        colour: { type: string, description: The swatch's colour., enum: ${list} }
        gloss: { type: string, enum: [matt, satin, gloss] }
    Tint:
      type: string
      enum: ${list}
`;

describe('a long enum is cut on operation pages, and listed whole in one place', async () => {
  const folder = specFolder({ 'api.yaml': spec });
  const { pages, diagnostics } = await apiReference(folder, { spec: 'api.yaml' });
  const page = (route: string) => pages.find((candidate) => candidate.route === route);
  const swatch = page('/docs/vpaas/api/get-swatch');
  const more = (values - enumShown).toLocaleString('en-US');

  test("an operation page shows the first values, how many more, and links the schema page that lists them all", () => {
    assert.deepEqual(diagnostics.errors, []);
    const text = textOf(bodyOf(swatch));
    assert.match(text, new RegExp(`one of "colour-000", "colour-001", .*"colour-0${enumShown - 1}" and ${more} more`));
    assert.doesNotMatch(text, new RegExp(`colour-0${enumShown}\\b`), 'no value past the first ones');
    assert.match(bodyOf(swatch), /All 500 values: <a href="\/docs\/vpaas\/api\/schemas\/swatch">Swatch schema<\/a>\./);
    assert.match(text, /one of "matt", "satin", "gloss"/, 'a short enum is shown whole');
    const schemaPage = page('/docs/vpaas/api/schemas/swatch');
    assert.ok(schemaPage, 'the schema page that lists the values exists');
    for (let index = 0; index < values; index++) assert.ok(textOf(bodyOf(schemaPage)).includes(`"${colour(index)}"`), `${colour(index)} on the schema page`);
  });

  test('a parameter names its own schema page, or the published description when its enum is inline', () => {
    const html = bodyOf(swatch);
    assert.match(html, /All 500 values: <a href="\/docs\/vpaas\/api\/schemas\/tint">Tint schema<\/a>\./);
    assert.match(html, /All 500 values: <a href="\/docs\/vpaas\/api\/openapi\.json">openapi\.json<\/a>\./);
    assert.match(textOf(html), /one of "small", "large"/);
    // A schema of one value has no fields: its page says what it allows, in full.
    const tint = textOf(bodyOf(page('/docs/vpaas/api/schemas/tint')));
    for (let index = 0; index < values; index++) assert.ok(tint.includes(`"${colour(index)}"`), `${colour(index)} on the Tint page`);
  });

  test("an inline body's enum links the published description, which has every value", () => {
    const html = bodyOf(page('/docs/vpaas/api/mix-paint'));
    assert.match(textOf(html), new RegExp(`and ${more} more`));
    assert.match(html, /All 500 values: <a href="\/docs\/vpaas\/api\/openapi\.json">openapi\.json<\/a>\./);
    const published = pages.flatMap((candidate) => candidate.downloads ?? []).find((download) => download.url.endsWith('/openapi.json'));
    for (let index = 0; index < values; index++) assert.ok(published!.contents.includes(`"${colour(index)}"`));
  });

  test('the twin and the MCP data say the same, with links that work outside the site', () => {
    const twin = twinOf(swatch!);
    assert.match(twin, new RegExp(`and ${more} more`));
    assert.doesNotMatch(twin, new RegExp(`colour-0${enumShown}\\b`));
    assert.match(twin, /All 500 values: \[Swatch schema\]\(https:\/\/example\.test\/docs\/vpaas\/api\/schemas\/swatch\.md\)\./);
    assert.match(twin, /All 500 values: \[openapi\.json\]\(https:\/\/example\.test\/docs\/vpaas\/api\/openapi\.json\)\./);
    const [entry] = operationEntries([swatch!], 'https://example.test');
    const data = JSON.stringify(entry);
    assert.match(data, new RegExp(`and ${more} more`));
    assert.doesNotMatch(data, new RegExp(`colour-0${enumShown}\\b`));
  });

  test('the page data a page is rendered from is as short as the page', () => {
    assert.ok(JSON.stringify(swatch!.body).length < 60_000, `${JSON.stringify(swatch!.body).length} characters`);
  });
});
