import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { AssetRegistry } from '../../../src/content/assets.ts';
import { createContentProcessor } from '../../../src/content/doc-pages.ts';
import { Diagnostics, PortalError } from '../../../src/errors.ts';
import { buildApiReference } from '../../../src/openapi/index.ts';
import { loadSpec } from '../../../src/openapi/load-spec.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import realConfig from '../../../portal.config.ts';
import { fixturesRoot, repoRoot } from '../../helpers/fixtures.ts';
import { headingCount, headingsWithoutAnchor } from '../../helpers/heading-anchors.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';
import { bodyOf } from '../../helpers/openapi.ts';

const processor = createContentProcessor([], new AssetRegistry(), { root: repoRoot });

async function reference(root: string, openapi: unknown[]) {
  const config = validateConfig({ ...fixtureConfig, openapi });
  const diagnostics = new Diagnostics();
  const result = await buildApiReference(root, config, processor, renderArticle, diagnostics);
  return { ...result, diagnostics };
}

/** The visible text of some markup, entities decoded, so assertions ignore highlighting spans. */
const text = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const shop = {
  spec: 'shop.yaml',
  area: 'vpaas',
  folder: 'vpaas/api',
  sidebar: { label: 'Shop API', position: 2, category: { slug: 'api', description: 'The shop.' } },
};

describe('OpenAPI reference pages', () => {
  test('an overview and one page per operation, with routes from operationId', async () => {
    const { pages, sidebars, diagnostics } = await reference(path.join(fixturesRoot, 'openapi'), [shop]);
    assert.deepEqual(diagnostics.errors, []);
    assert.deepEqual(pages.map((page) => [page.route, page.kind]), [
      ['/docs/vpaas/api/shop-api', 'api-overview'],
      ['/docs/vpaas/api/get-token', 'api-operation'],
      ['/docs/vpaas/api/get-order', 'api-operation'],
      ['/docs/vpaas/api/cancel-order', 'api-operation'],
    ]);
    assert.deepEqual(sidebars[0].items.map((item) => item.badge ?? ''), ['', 'POST', 'GET', 'DELETE']);
    assert.deepEqual(sidebars[0].index, { slug: 'api', title: undefined, description: 'The shop.' });
  });

  test('an operation page shows method, path, auth, parameters, responses, schemas and samples', async () => {
    const { pages } = await reference(path.join(fixturesRoot, 'openapi'), [shop]);
    const page = pages.find((p) => p.route === '/docs/vpaas/api/get-order')!;
    const html = page.kind === 'api-operation' ? bodyOf(page) : '';
    assert.match(html, /<span class="method-badge method-get">GET<\/span><code class="api-path">\/orders\/<span class="api-path-param">\{order_id\}<\/span><\/code>/);
    assert.match(html, /<code>bearerAuth<\/code>: HTTP Bearer/);
    assert.match(html, /<code>order_id<\/code><span class="schema-required">required<\/span><\/td><td>path<\/td><td>string \(uuid\)<\/td>/);
    assert.match(html, /The order&#x27;s <strong>id<\/strong>\./);
    assert.match(html, /one of &quot;items&quot;, &quot;none&quot;/);
    assert.match(html, /<h3 id="response-200"><span class="status-badge status-2xx">200 OK<\/span><a href="#response-200" class="hash-link" aria-label="Direct link to response 200 OK" data-markdown-ignore="">#<\/a><\/h3>/);
    assert.match(html, /<p class="api-example-label">A small order<\/p>/);
    assert.match(html, /Exactly one of:/);
    assert.match(html, /<p class="schema-variant-label">Card<\/p>/);
    assert.match(html, /Recursive: the same shape as/);
    assert.match(html, /<code class="schema-name">quantity<\/code> <span class="schema-type">integer<\/span><span class="schema-required">required<\/span>/, 'allOf parts merged');
    assert.doesNotMatch(html, /<script>alert/, 'raw HTML in descriptions never reaches the page');
    assert.match(html, /role="tablist" aria-label="Request samples"/);
    const samples = text(html);
    assert.match(samples, /curl --request GET \\\n {2}--url 'https:\/\/api\.example\.test\/orders\/[0-9a-f-]{36}\?expand=items' \\\n {2}--header "Authorization: Bearer \$ACCESS_TOKEN" \\\n {2}--header "x-trackingid: \$\(uuidgen\)"/);
    assert.match(samples, /headers: \{Authorization: `Bearer \$\{process\.env\.ACCESS_TOKEN\}`, 'x-trackingid': crypto\.randomUUID\(\)\}/);
    assert.match(samples, /"Authorization": "Bearer " \+ os\.environ\["ACCESS_TOKEN"\],\n {4}"x-trackingid": str\(uuid\.uuid4\(\)\)/);
    assert.match(samples, /response = requests\.get\(url, headers=headers, params=querystring, timeout=30\)/);
    // Every language readers use, in the order of the tab group the guides share.
    assert.deepEqual([...html.matchAll(/data-tab-value="([^"]+)"/g)].map((match) => match[1]), ['curl', 'javascript', 'node', 'python', 'go', 'java', 'kotlin', 'swift', 'csharp']);
    assert.match(html, /<div class="tabs" data-tabs="" data-tab-group="code-language">/);
    assert.match(samples, /req\.Header\.Add\("Authorization", "Bearer "\+os\.Getenv\("ACCESS_TOKEN"\)\)/);
    assert.match(samples, /\.header\("Authorization", "Bearer " \+ System\.getenv\("ACCESS_TOKEN"\)\)/);
    assert.match(samples, /"Authorization": "Bearer " \+ \(ProcessInfo\.processInfo\.environment\["ACCESS_TOKEN"\] \?\? ""\)/);
    assert.match(samples, /\{ "Authorization", "Bearer " \+ Environment\.GetEnvironmentVariable\("ACCESS_TOKEN"\) \}/);
    assert.deepEqual(page.toc.map((entry) => entry.id), ['request', 'authentication', 'parameters', 'responses', 'response-200', 'response-404', 'samples']);
  });

  test('every heading of the overview and of each operation page has a "#" link with an accessible name', async () => {
    const { pages } = await reference(path.join(fixturesRoot, 'openapi'), [shop]);
    for (const page of pages) {
      const html = page.kind === 'api-operation' || page.kind === 'api-overview' ? bodyOf(page) : '';
      assert.ok(headingCount(html) >= 4, `${page.route} has headings`);
      assert.deepEqual(headingsWithoutAnchor(html), [], page.route);
    }
  });

  test('form bodies and basic auth produce the right samples', async () => {
    const { pages } = await reference(path.join(fixturesRoot, 'openapi'), [shop]);
    const page = pages.find((p) => p.route === '/docs/vpaas/api/get-token')!;
    const html = page.kind === 'api-operation' ? bodyOf(page) : '';
    const samples = text(html);
    assert.match(samples, /--user "\$CLIENT_ID:\$CLIENT_SECRET"/);
    assert.match(samples, /--data grant_type=client_credentials/);
    assert.match(samples, /body: new URLSearchParams\(\{grant_type: 'client_credentials'\}\)/);
    assert.match(samples, /"Authorization": "Basic " \+ base64\.b64encode\(f"\{os\.environ\['CLIENT_ID'\]\}:\{os\.environ\['CLIENT_SECRET'\]\}"\.encode\(\)\)\.decode\(\)/);
    assert.match(samples, /requests\.post\(url, data=payload, headers=headers, timeout=30\)/);
    assert.match(samples, /\.addHeader\("Authorization", Credentials\.basic\(System\.getenv\("CLIENT_ID"\), System\.getenv\("CLIENT_SECRET"\)\)\)/);
    assert.doesNotMatch(samples, /\$CLIENT_ID:\$CLIENT_SECRET"\)|Basic \$CLIENT/, 'no language sends the placeholder itself');
  });

  test('the overview lists servers, schemes, the error model and every operation', async () => {
    const { pages } = await reference(path.join(fixturesRoot, 'openapi'), [shop]);
    const html = pages[0].kind === 'api-overview' ? bodyOf(pages[0]) : '';
    assert.match(html, /<code>https:\/\/api\.example\.test<\/code>/);
    assert.match(html, /<code>basicAuth<\/code>: HTTP Basic/);
    assert.match(html, /Error responses carry a <code>Error<\/code> body/);
    assert.match(html, /<a href="\/docs\/vpaas\/api\/cancel-order">Cancel an order<\/a>/);
    assert.deepEqual(pages[0].toc.map((entry) => entry.id), ['paging', 'servers', 'authentication', 'error-model', 'operations']);
    assert.deepEqual(pages[0].links.map(({ href, where }) => ({ href, where })), [{ href: '/docs/guide', where: '/info/description' }]);
  });

  test('an invalid spec fails with the file, the line, the JSON pointer and the message', async () => {
    await assert.rejects(loadSpec(path.join(fixturesRoot, 'openapi/invalid.yaml'), 'invalid.yaml', [fixturesRoot]), (error: unknown) => {
      assert.ok(error instanceof PortalError);
      const [problem] = error.problems;
      assert.equal(problem.file, 'invalid.yaml');
      assert.equal(problem.line, 9);
      assert.match(problem.message, /invalid OpenAPI at \/paths\/~1a\/get\/responsess: must NOT have unevaluated properties: responsess is not expected to be here!/);
      return true;
    });
  });

  test('a broken $ref names the pointer and line of the reference', async () => {
    const { diagnostics, pages } = await reference(path.join(fixturesRoot, 'openapi'), [{ ...shop, spec: 'broken-ref.yaml' }]);
    assert.equal(pages.length, 0, 'nothing half-written');
    const [problem] = diagnostics.errors;
    assert.equal(problem.line, 14, 'the line of the schema holding the $ref');
    assert.match(problem.message, /at \/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema: the \$ref "#\/components\/schemas\/Missing" points at nothing/);
    assert.match(problem.hint ?? '', /Define components\.schemas\.Missing/);
  });

  test('every operation of the portal\'s own three specs renders', async () => {
    const config = validateConfig(realConfig);
    const diagnostics = new Diagnostics();
    const { pages } = await buildApiReference(repoRoot, config, processor, renderArticle, diagnostics);
    assert.deepEqual(diagnostics.errors, []);
    const routes = pages.map((page) => page.route);
    const vpaas = ['create-meeting', 'create-org', 'create-participant', 'create-project', 'create-project-key', 'delete-key', 'delete-meeting', 'delete-participant', 'delete-project', 'get-access-token', 'get-key', 'get-meeting', 'get-org', 'get-participant', 'get-project', 'join-meeting', 'list-meeting-participants', 'list-meetings', 'list-org-projects', 'list-orgs', 'list-project-keys', 'list-projects', 'patch-key', 'patch-meeting', 'patch-org', 'patch-project', 'regenerate-participant-token'];
    assert.deepEqual(routes.filter((route) => route.startsWith('/docs/vpaas/api/')).sort(), ['vpaas-api', ...vpaas].map((slug) => `/docs/vpaas/api/${slug}`).sort());
    assert.equal(vpaas.length + 1, 28, 'all 28 VPaaS pages');
    for (const route of ['/docs/cloud-one-touch-join/api/token/token-api', '/docs/cloud-one-touch-join/api/token/get-an-access-token', '/docs/cloud-one-touch-join/api/meetings/meetings-api', '/docs/cloud-one-touch-join/api/meetings/get-meetings']) {
      assert.ok(routes.includes(route), route);
    }
  });
});
