import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiReference, bodyOf, specFolder, textOf, twinOf } from '../../helpers/openapi.ts';

// A list operation narrows a shared page schema with allOf: `Page.objects` is an array of
// anything, and each list says what its items are. The page must name the item type the spec
// gives ("array of Shelf"), not the shared schema's "array of any", and show the item's fields.
const spec = `openapi: 3.0.3
info: { title: Library API, version: '1' }
paths:
  /shelves:
    get:
      operationId: listShelves
      parameters:
        - name: tags
          in: query
          schema: { type: array, items: { $ref: '#/components/schemas/Tag' } }
      responses:
        '200':
          description: One page of shelves.
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Page'
                  - type: object
                    properties:
                      objects:
                        type: array
                        items: { $ref: '#/components/schemas/Shelf' }
  /items:
    get:
      operationId: listItems
      responses:
        '200':
          description: Books and records, one array.
          content:
            application/json:
              schema:
                type: array
                items:
                  oneOf:
                    - $ref: '#/components/schemas/Book'
                    - $ref: '#/components/schemas/Record'
components:
  schemas:
    Page:
      type: object
      required: [objects]
      properties:
        objects: { type: array, description: The items on this page., items: {} }
        cursor: { type: string }
    Shelf:
      type: object
      properties:
        shelfLabel: { type: string }
    Tag: { type: string, enum: [new, old] }
    Book:
      type: object
      properties: { isbn: { type: string } }
    Record:
      type: object
      properties: { catalogue: { type: string } }
`;

test('an array narrowed through allOf and $ref is shown with its item type, on the page and in its twin', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.errors, []);
  const shelves = pages.find((page) => page.route === '/docs/vpaas/api/list-shelves')!;
  const text = textOf(bodyOf(shelves));
  assert.match(text, /objects array of Shelfrequired/);
  assert.match(text, /The items on this page\./, 'the shared description is kept');
  assert.match(text, /shelfLabel string/, "the item's fields are shown");
  assert.match(text, /tagsqueryarray of Tag/);
  const twin = twinOf(shelves);
  assert.match(twin, /- `objects` \(array of Shelf, required\): The items on this page\.\n {2}- `shelfLabel` \(string\)/);
  assert.match(twin, /\| `tags` \| query \| array of Tag \|/);

  const items = pages.find((page) => page.route === '/docs/vpaas/api/list-items')!;
  assert.match(textOf(bodyOf(items)), /Body: application\/json, array of Book \| Record/);
  assert.match(twinOf(items), /Body: `application\/json`, array of Book \| Record/);
});
