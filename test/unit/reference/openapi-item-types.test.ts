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

// Two allOf parts that each hold themselves: merged, the field they share is both at once, and
// that merge holds the same merge again. The view must end, with a link back, not loop.
const circular = `openapi: 3.0.3
info: { title: Chain API, version: '1' }
paths:
  /chains:
    get:
      operationId: getChain
      responses:
        '200':
          description: A chain.
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Left'
                  - $ref: '#/components/schemas/Right'
components:
  schemas:
    Left:
      type: object
      properties:
        next: { $ref: '#/components/schemas/Left' }
        leftMark: { type: string }
    Right:
      type: object
      properties:
        next: { $ref: '#/components/schemas/Right' }
        rightMark: { type: integer }
`;

test('allOf parts that each refer to themselves merge one level at a time and end in a link', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': circular }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.errors, []);
  const twin = twinOf(pages.find((page) => page.route === '/docs/vpaas/api/get-chain')!);
  // Both parts' fields, the first part's first, and `next` (in both) shown once with both parts' fields.
  assert.match(twin, /- `next` \(object\)\n {2}- `next` \(object\): Recursive: the same shape as \[the object above\]\([^)]+\)\.\n {2}- `leftMark` \(string\)\n {2}- `rightMark` \(integer\)\n- `leftMark` \(string\)\n- `rightMark` \(integer\)/);
});
