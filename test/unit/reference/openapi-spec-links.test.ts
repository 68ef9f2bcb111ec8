import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiReference, bodyOf, specFolder } from '../../helpers/openapi.ts';

// Specs published for another site link the way that site works: "#create-a-repository" is an
// operation's heading on a one-page reference, "/rest/guides/x" a page of that site. GitHub's
// REST description does both; unresolved, every such link failed the build.
const spec = `openapi: 3.0.3
info:
  title: Borrowed API
  version: '1'
  description: Start with [the guide](/rest/guides/start).
paths:
  /repos:
    get:
      operationId: repos/list
      summary: List repositories
      description: |
        [Create one](#create-a-repository) first; [pagination](/rest/guides/pagination#links) and
        [protocol-relative](//cdn.example.test/x) links; [a heading](#no-such-heading).
      responses: { '200': { description: OK } }
    post:
      operationId: repos/create
      summary: Create a repository
      description: Or [list them](#list-repositories), or [list issues](#list-issues).
      responses: { '201': { description: Created } }
  /issues:
    get:
      operationId: issues/list
      summary: List issues
      responses: { '200': { description: OK } }
  /orgs/{org}/issues:
    get:
      operationId: issues/list-for-org
      summary: List issues
      parameters: [{ name: org, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: OK } }
`;

// The links written in spec text: not the "#" link each of our own headings ends with.
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"( class="external"| class="hash-link")?/g)].filter((match) => match[2] !== ' class="hash-link"').map((match) => `${match[1]}${match[2] ? ' (external)' : ''}`);

describe('links in a spec written for another site', () => {
  test("a #fragment that is an operation's heading links to that operation's page", async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.errors, []);
    const list = pages.find((page) => page.route === '/docs/vpaas/api/repos-list');
    assert.deepEqual(hrefs(bodyOf(list)), ['/docs/vpaas/api/repos-create', '/rest/guides/pagination#links', '//cdn.example.test/x (external)', '#no-such-heading']);
    assert.deepEqual(list?.links.map((link) => link.href), ['/docs/vpaas/api/repos-create', '/rest/guides/pagination#links', '#no-such-heading'], 'the link check still sees them');
  });

  test('a heading two operations share is not guessed at: the link is left for the link check', async () => {
    const { pages } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    const create = pages.find((page) => page.route === '/docs/vpaas/api/repos-create');
    assert.deepEqual(hrefs(bodyOf(create)), ['/docs/vpaas/api/repos-list', '#list-issues']);
  });

  test('with linkBase, root-relative links and #anchors no page here carries go to that site; the guide, written for this one, keeps its routes', async () => {
    const root = specFolder({ 'api.yaml': spec, 'guide.md': 'See [the VPaaS intro](/docs/vpaas/introduction).\n' });
    const { pages, diagnostics } = await apiReference(root, { spec: 'api.yaml', guide: 'guide.md', linkBase: 'https://docs.example.test' });
    assert.deepEqual(diagnostics.errors, []);
    const list = pages.find((page) => page.route === '/docs/vpaas/api/repos-list');
    assert.deepEqual(hrefs(bodyOf(list)), ['/docs/vpaas/api/repos-create', 'https://docs.example.test/rest/guides/pagination#links (external)', '//cdn.example.test/x (external)', 'https://docs.example.test/#no-such-heading (external)']);
    assert.deepEqual(list?.links.map((link) => link.href), ['/docs/vpaas/api/repos-create']);
    const overview = pages.find((page) => page.kind === 'api-overview');
    assert.deepEqual(hrefs(bodyOf(overview)).filter((href) => !href.startsWith('/docs/vpaas/api/')), ['https://docs.example.test/rest/guides/start (external)', '/docs/vpaas/introduction']);
    assert.deepEqual(overview?.links.map((link) => link.href).filter((href) => !href.startsWith('/docs/vpaas/api/')), ['/docs/vpaas/introduction']);
  });

  test('with linkBase, page-relative links and Redoc anchors go to that site, unless they name one of ours', async () => {
    const redoc = `openapi: 3.0.3
info: { title: Redoc API, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      description: |
        ## Paging

        Read [paging](#paging), [the tag](#tag/Things), [creating](#operation/createThing), [the guide](guides/paging.html) and [up](../limits).
      responses: { '200': { description: OK } }
    post:
      operationId: createThing
      responses: { '201': { description: Created } }
`;
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': redoc }), { spec: 'api.yaml', linkBase: 'https://vendor.example.test/docs/' });
    assert.deepEqual(diagnostics.errors, []);
    const list = pages.find((page) => page.route === '/docs/vpaas/api/list-things');
    assert.deepEqual(hrefs(bodyOf(list)), [
      '#paging',
      'https://vendor.example.test/docs/#tag/Things (external)',
      '/docs/vpaas/api/create-thing',
      'https://vendor.example.test/docs/guides/paging.html (external)',
      'https://vendor.example.test/limits (external)',
    ]);
    assert.deepEqual(list?.links.map((link) => link.href), ['#paging', '/docs/vpaas/api/create-thing']);
  });

  test('linkBase must be a URL', async () => {
    await assert.rejects(apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml', linkBase: 'docs.example.test' }), /openapi\[0\]\.linkBase/);
  });
});
