import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';
import { unsafeRouteReason } from '../../../src/util/slug.ts';
import { Diagnostics } from '../../../src/errors.ts';
import type { Page } from '../../../src/page.ts';
import { expandRedirects } from '../../../src/site/redirects.ts';
import { buildRouteTable } from '../../../src/site/routes.ts';

// A route is also a folder path in the output: none of its parts may climb out of it, stay in
// place, or be read another way by a browser or a file system.

describe('route paths', () => {
  test('segments that climb or stay, escapes, query and fragment marks, backslashes and control characters are refused', () => {
    const refused: [string, RegExp][] = [
      ['../../../../outside/injected', /a "\.\." segment/],
      ['/docs/infinity/..', /a "\.\." segment/],
      ['/docs/./setup', /a "\." segment/],
      ['/docs/%2e%2e/x', /"%"/],
      ['/docs/x?y', /"\?"/],
      ['/docs/x#y', /"#"/],
      ['/docs\\..\\x', /a backslash/],
      ['/docs/a\u0000b', /a control character \(U\+0000\)/],
      ['/docs/a\nb', /a control character \(U\+000A\)/],
    ];
    for (const [route, reason] of refused) assert.match(unsafeRouteReason(route) ?? '', reason, JSON.stringify(route));
    for (const route of ['/', '/docs/infinity/guides/setup', 'guides/setup', '/docs/v1.2/notes', '/docs/..hidden/x', '/docs/_data/a-b_c']) {
      assert.equal(unsafeRouteReason(route), undefined, route);
    }
  });

  test('a front-matter slug that climbs is an error at its line, with the fix', () => {
    const diagnostics = new Diagnostics();
    const { frontMatter } = parseFrontMatter('---\ntitle: Setup\nslug: ../../../../content/docs/infinity/injected\n---\nText\n', 'content/docs/infinity/setup.md', diagnostics);
    assert.equal(frontMatter.slug, undefined);
    assert.equal(diagnostics.errors.length, 1);
    const [problem] = diagnostics.errors;
    assert.equal(problem.file, 'content/docs/infinity/setup.md');
    assert.equal(problem.line, 3);
    assert.match(problem.message, /front matter "slug": it has a "\.\." segment \(got "\.\.\/\.\.\/\.\.\/\.\.\/content\/docs\/infinity\/injected"\)/);
    assert.match(problem.hint ?? '', /Write a plain path of names, such as "\/guides\/setup"/);
  });

  test('a redirect source that climbs is an error naming the redirect, and no redirect is made of it', () => {
    const diagnostics = new Diagnostics();
    const redirects = expandRedirects(
      [
        { from: '/old', to: '/docs/a' },
        { from: '/../../x', to: '/docs/a' },
        { from: '/docs/%2e%2e/y', to: '/docs/a' },
      ],
      new Set(['/docs/a']),
      diagnostics,
    );
    assert.deepEqual(redirects.map((redirect) => redirect.from), ['/old']);
    assert.deepEqual(
      diagnostics.errors.map((problem) => [problem.file, problem.message]),
      [
        ['portal.config.ts', 'redirects[1].from: "/../../x" cannot be a path of the site: it has a ".." segment'],
        ['portal.config.ts', 'redirects[2].from: "/docs/%2e%2e/y" cannot be a path of the site: it holds "%"'],
      ],
    );
  });

  test('a page of any kind whose route climbs is an error at its source, and is left out of the route table', () => {
    const page = (route: string, file: string, line?: number) => ({ route, kind: 'package', title: 'T', toc: [], body: { html: '' }, source: { file, line }, links: [] }) as unknown as Page;
    const diagnostics = new Diagnostics();
    const table = buildRouteTable([page('/docs/vpaas/api/ok', 'specs/a.yaml', 4), page('/docs/vpaas/api/../../../../x', 'specs/a.yaml', 12)], diagnostics);
    assert.deepEqual([...table.keys()], ['/docs/vpaas/api/ok']);
    assert.equal(diagnostics.errors.length, 1);
    assert.equal(diagnostics.errors[0].file, 'specs/a.yaml');
    assert.equal(diagnostics.errors[0].line, 12);
    assert.match(diagnostics.errors[0].message, /the page's route "\/docs\/vpaas\/api\/\.\.\/\.\.\/\.\.\/\.\.\/x" cannot be a path of the site: it has a "\.\." segment/);
  });
});
