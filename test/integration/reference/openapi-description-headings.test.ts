import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from '../../../src/page.ts';
import { tagGroupThreshold } from '../../../src/openapi/pages.ts';
import { apiReference, bodyOf, specFolder, twinOf } from '../../helpers/openapi.ts';

// Spec descriptions are often written as documents of their own, starting at "#". On our pages
// they sit under our headings (the page's h1, a response's h3): their headings must go below,
// keep ids no other part of the page uses, and read the same in the Markdown twin.
const ferryPaths = Array.from({ length: tagGroupThreshold + 1 }, (_, i) => `  /sailings/${i}:
    get:
      operationId: getSailing${i}
      summary: Sailing ${i}
      tags: [Sailings]
      description: |
        # How sailings work
        Each sailing leaves once a day; see [the request notes](#request).
        ## Request
        Ask before noon.
        ## Notes
        Times are local.
      responses:
        '200':
          description: |
            # Notes
            A sailing was found.
            ## Weather
            Storms cancel sailings.
            ### Wind
            Above gale force.
            #### Gusts
            Measured at the pier.
        '404':
          description: |
            #### Notes
            No such sailing.`);

const spec = `openapi: 3.0.3
info:
  title: Ferry API
  version: '1'
  description: |
    # Introduction
    Book places on ferries.
    ## Servers
    Use the one nearest you.
tags:
  - name: Sailings
    description: |
      ### Timetables
      Sailings follow the season's timetable.
servers:
  - url: https://ferry.example/v1
paths:
${ferryPaths.join('\n')}
`;

/** Heading levels of a page in order, the template's h1 first. */
const headingLevels = (page: Page) => [1, ...[...bodyOf(page).matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]))];
const headingsOf = (page: Page) => [...bodyOf(page).matchAll(/<h([1-6]) id="([^"]+)">(.*?)(?:<a |<\/h)/g)].map((match) => `h${match[1]} #${match[2]} ${match[3].replace(/<[^>]+>/g, '')}`);

/** axe's heading-order rule: a heading is at most one level below the one before it. */
function assertHeadingOrder(page: Page) {
  const levels = headingLevels(page);
  levels.forEach((level, index) => assert.ok(index === 0 || level <= levels[index - 1] + 1, `${page.route}: h${levels[index - 1]} is followed by h${level}`));
}

function assertUniqueIds(page: Page) {
  const ids = [...bodyOf(page).matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  assert.deepEqual(ids.filter((id, index) => ids.indexOf(id) !== index), [], `${page.route}: ids used twice`);
}

test('headings in spec descriptions sit below the heading that holds them, with ids unique on the page', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.problems, []);
  for (const page of pages) {
    assertHeadingOrder(page);
    assertUniqueIds(page);
  }

  const operation = pages.find((page) => page.route === '/docs/vpaas/api/get-sailing0')!;
  assert.deepEqual(headingsOf(operation), [
    // The leading "# …" of the description is kept (it is no page title here) and becomes an h2.
    'h2 #how-sailings-work How sailings work',
    // Our own "Request" section keeps its id; the description's heading of that name gets another.
    'h3 #request-1 Request',
    'h3 #notes Notes',
    'h2 #request Request',
    'h3 #authentication Authentication',
    'h2 #responses Responses',
    'h3 #response-200 200 OK',
    // A response's description goes below its h3, capped at h6; its "Notes" is the page's second.
    'h4 #notes-1 Notes',
    'h5 #weather Weather',
    'h6 #wind Wind',
    'h6 #gusts Gusts',
    'h3 #response-404 404 Not Found',
    'h4 #notes-2 Notes',
    'h2 #samples Request samples',
  ]);
  assert.match(bodyOf(operation), /<a href="#request-1">the request notes<\/a>/, "the description's own link follows its heading's new id");
  assert.ok(operation.links.some((link) => link.href === '#request-1'), 'and so does the link the checker is given');
  assert.deepEqual(operation.toc.slice(0, 3).map((entry) => `${entry.depth} ${entry.id}`), ['2 how-sailings-work', '3 request-1', '3 notes'], 'the TOC lists them');
  assert.match(twinOf(operation), /^## How sailings work$/m);
  assert.match(twinOf(operation), /^### Request$/m);
  assert.match(twinOf(operation), /^###### Gusts$/m, 'the twin shows the levels the page shows');

  const overview = pages.find((page) => page.route === '/docs/vpaas/api/ferry-api')!;
  assert.deepEqual(headingsOf(overview).slice(0, 3), ['h2 #introduction Introduction', 'h3 #servers-1 Servers', 'h2 #servers Servers']);

  const tag = pages.find((page) => page.route === '/docs/vpaas/api/tag-sailings')!;
  assert.deepEqual(headingsOf(tag), ['h2 #timetables Timetables', 'h2 #operations Operations'], 'a tag description starting at ### still starts at h2');
});
