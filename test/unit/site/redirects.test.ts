import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Diagnostics } from '../../../src/errors.ts';
import { expandRedirects, legacyRouteRedirects, redirectMatcher, redirectRules, redirectScriptUrl, redirectStub } from '../../../src/site/redirects.ts';
import { dataFileOf, htmlFileOf, normalizeRequestPath } from '../../../src/site/routes.ts';

const routes = new Set(['/docs/infinity/introduction', '/docs/category/web-app-3-plugins']);

describe('redirects', () => {
  test('placeholders expand into one redirect per listed value', () => {
    const diagnostics = new Diagnostics();
    const redirects = expandRedirects(
      [{ from: '/docs/category/{product}-web-app-3-plugins', to: '/docs/category/web-app-3-plugins', params: { product: ['infinity', 'pexip'] } }],
      routes,
      diagnostics,
    );
    assert.deepEqual(redirects.map((r) => r.from), ['/docs/category/infinity-web-app-3-plugins', '/docs/category/pexip-web-app-3-plugins']);
    assert.equal(diagnostics.problems.length, 0);
  });

  test('a target that is not a page fails with the closest route', () => {
    const diagnostics = new Diagnostics();
    expandRedirects([{ from: '/old', to: '/docs/infinity/introductions' }], routes, diagnostics);
    assert.match(diagnostics.errors[0].message, /redirects\[0\]\.to: "\/docs\/infinity\/introductions" is not a page/);
    assert.match(diagnostics.errors[0].hint ?? '', /Did you mean "\/docs\/infinity\/introduction"\?/);
  });

  test('a source that is also a page fails', () => {
    const diagnostics = new Diagnostics();
    expandRedirects([{ from: '/docs/infinity/introduction', to: '/docs/category/web-app-3-plugins' }], routes, diagnostics);
    assert.match(diagnostics.errors[0].message, /is a page of the site/);
  });

  test('the server matcher answers any value of a placeholder', () => {
    const match = redirectMatcher([{ from: '/docs/category/{product}-web-app-3-plugins', to: '/docs/category/web-app-3-plugins' }]);
    assert.equal(match('/docs/category/anything-web-app-3-plugins'), '/docs/category/web-app-3-plugins');
    assert.equal(match('/docs/category/web-app-3-plugins'), undefined);
  });

  test('stubs redirect at once, keep query and hash (by script), are canonical and noindex', () => {
    const stub = redirectStub({ from: '/old', to: '/docs/new' }, 'https://example.test/');
    assert.match(stub, /<meta http-equiv="refresh" content="0; url=\/docs\/new">/);
    assert.match(stub, /<link rel="canonical" href="https:\/\/example\.test\/docs\/new">/);
    assert.match(stub, /<meta name="robots" content="noindex">/);
    assert.match(stub, new RegExp(`<script src="${redirectScriptUrl}"></script>`));
    assert.equal(redirectRules([{ from: '/a', to: '/b' }]), '/a /b 301\n');
  });
});

describe('routes', () => {
  test('request paths ending in .html or /index.html name the clean route', () => {
    assert.equal(normalizeRequestPath('/docs/a.html'), '/docs/a');
    assert.equal(normalizeRequestPath('/docs/a/index.html'), '/docs/a');
    assert.equal(normalizeRequestPath('/docs/a/'), '/docs/a');
    assert.equal(normalizeRequestPath('/index.html'), '/');
    assert.equal(normalizeRequestPath('/'), '/');
  });

  test('output files use clean URLs', () => {
    assert.equal(htmlFileOf('/'), 'index.html');
    assert.equal(htmlFileOf('/404'), '404.html');
    assert.equal(htmlFileOf('/docs/a'), 'docs/a/index.html');
    assert.equal(dataFileOf('/'), '_data/index.json');
    assert.equal(dataFileOf('/docs/a'), '_data/docs/a.json');
  });
});

test('URLs of the old name rule redirect to the new ones, unless taken by a page or the config', () => {
  const docs = [
    { route: '/docs/a/bt_basics', legacyRoute: '/docs/a/bt-basics' },
    { route: '/docs/a/mote', legacyRoute: '/docs/a/m-te' },
    { route: '/docs/a/same' },
    { route: '/docs/a/x_y', legacyRoute: '/docs/a/x-y' },
  ];
  const routes = new Set(['/docs/a/x-y']);
  assert.deepEqual(legacyRouteRedirects(docs, routes, [{ from: '/docs/a/m-te', to: '/docs/a/same' }]), [{ from: '/docs/a/bt-basics', to: '/docs/a/bt_basics' }]);
});
