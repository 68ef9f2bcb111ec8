import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLinks } from '../../../src/links/check.ts';

const page = (route: string, body: string, links: { href: string; line: number; column: number }[] = []) => ({
  route,
  html: `<html><body><nav><a href="/docs/a">A</a></nav>${body}</body></html>`,
  file: `content${route}.md`,
  links,
});

test('valid links and anchors pass; relative links resolve against the page', () => {
  const report = checkLinks(
    [
      page('/docs/a', '<h2 id="setup">Setup</h2><a href="/docs/b#x">b</a><a href="../docs/b">rel</a><a href="#setup">self</a><a href="https://x.test/y">ext</a>'),
      page('/docs/b', '<p id="x">x</p><a href="/docs/a/index.html">html form</a><a href="/assets/app.js">asset</a><a href="mailto:a@b.c">mail</a>'),
    ],
    new Set(['/assets/app.js']),
  );
  assert.deepEqual(report.problems, []);
  assert.equal(report.checkedPages, 2);
});

test('a broken link names the file and line, the target, and the closest route', () => {
  const report = checkLinks(
    [page('/docs/a', '<a href="/docs/bb">b</a>', [{ href: '/docs/bb', line: 14, column: 3 }]), page('/docs/b', '')],
    new Set(),
  );
  assert.equal(report.problems.length, 1);
  assert.deepEqual(
    { file: report.problems[0].file, line: report.problems[0].line, column: report.problems[0].column },
    { file: 'content/docs/a.md', line: 14, column: 3 },
  );
  assert.match(report.problems[0].message, /link to "\/docs\/bb" not found/);
  assert.match(report.problems[0].hint ?? '', /Did you mean "\/docs\/b"\?/);
});

test('a missing anchor is reported with the closest id', () => {
  const report = checkLinks([page('/docs/a', '<a href="/docs/b#set-up">b</a>'), page('/docs/b', '<h2 id="setup">S</h2>')], new Set());
  assert.match(report.problems[0].message, /no heading or element with id "set-up"/);
  assert.match(report.problems[0].hint ?? '', /Did you mean "#setup"\?/);
});

test('a broken link in the shell is reported once, not once per page', () => {
  const shell = (route: string) => ({ route, html: '<a href="/nowhere">x</a>', file: `${route}.md`, links: [] });
  const report = checkLinks([shell('/a'), shell('/b'), shell('/c')], new Set());
  assert.equal(report.problems.length, 1);
  assert.match(report.problems[0].message, /outside the page's own content/);
});

test('broken Markdown links (already warned) are skipped', () => {
  const report = checkLinks([page('/docs/a', '<a href="./gone.md" data-broken-markdown-link="">x</a>')], new Set());
  assert.equal(report.problems.length, 0);
});

test('a broken link in spec text shared by many pages is reported once, with the number of pages', () => {
  const shared = { href: '/rest/guides/x', where: '/components/schemas/Repo/description' };
  const specPage = (route: string) => ({ route, html: `<html><body><a href="/rest/guides/x">guide</a></body></html>`, file: 'api.yaml', links: [shared] });
  const report = checkLinks([specPage('/docs/api/a'), specPage('/docs/api/b'), specPage('/docs/api/c')], new Set());
  assert.equal(report.problems.length, 1);
  assert.equal(report.problems[0].message, 'link to "/rest/guides/x" not found (at /components/schemas/Repo/description) (on 3 pages, first /docs/api/a)');
});
