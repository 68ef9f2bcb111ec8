// Every route the spec lists is a page of the real built portal, not a 404 and not a redirect:
//
//   node --import tsx --test test/integration/spec-routes.test.ts
//
// The list is a committed copy of the spec's own (test/fixtures/spec/routes.txt), so the check
// runs on any checkout; a second case holds the copy to ../shared/spec/routes.txt where that
// folder exists (in CI it always does, so a missing list fails there).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { realSite } from '../helpers/real-site.ts';
import { requireThirdParty } from '../helpers/thirdparty.ts';

const copyFile = path.join(repoRoot, 'test', 'fixtures', 'spec', 'routes.txt');
const routesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('/'));

/** The page file a host serves for a route: `<route>/index.html`, the root's at the top. */
const pageFile = (dist: string, route: string) => path.join(dist, ...route.split('/').filter(Boolean), 'index.html');

test('the committed route list is the spec\'s', (t) => {
  const spec = requireThirdParty('routes.txt', t, path.resolve(repoRoot, '..', 'shared', 'spec'));
  if (!spec) return;
  assert.deepEqual(routesOf(fs.readFileSync(copyFile, 'utf8')), routesOf(fs.readFileSync(spec, 'utf8')), `update ${path.relative(repoRoot, copyFile)} from ${spec}`);
});

test('every route of the spec is a page of the real build', async () => {
  const routes = routesOf(fs.readFileSync(copyFile, 'utf8'));
  assert.ok(routes.length > 100, `the list has ${routes.length} routes`);
  const dist = await realSite();
  const missing: string[] = [];
  const redirects: string[] = [];
  for (const route of routes) {
    const file = pageFile(dist, route);
    if (!fs.existsSync(file)) missing.push(route);
    else if (/<meta http-equiv="refresh"/.test(fs.readFileSync(file, 'utf8'))) redirects.push(route);
  }
  assert.deepEqual(missing, [], 'routes of the spec with no page');
  assert.deepEqual(redirects, [], 'routes of the spec that only redirect');
});
