import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLinks, checkScannedLinks, scanPage } from '../../../src/links/check.ts';
import { type BrokenLinkSettings, strictPolicy } from '../../../src/links/policy.ts';

/** The site-wide settings, over portal's own defaults. */
const policy = (settings: BrokenLinkSettings) => ({ site: { ...strictPolicy.site, ...settings }, areas: {} });

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

test('a link to a missing .md file is a broken link too: the stricter of onBrokenMarkdownLinks and onBrokenLinks judges it, at its line', () => {
  const pages = [page('/docs/a', '<a href="./gone.md" data-broken-markdown-link="">x</a>', [{ href: './gone.md', line: 4, column: 2 }])];
  const report = checkLinks(pages, new Set());
  assert.deepEqual(report.problems.map((problem) => [problem.severity, problem.file, problem.line, problem.message]), [['error', 'content/docs/a.md', 4, 'link to "./gone.md" points to a Markdown file that does not exist']], 'unset: onBrokenLinks "throw" fails it, as in Docusaurus');
  assert.match(report.problems[0].hint ?? '', /stricter of onBrokenMarkdownLinks and onBrokenLinks/);
  const judged = (settings: BrokenLinkSettings) => {
    const checked = checkLinks(pages, new Set(), undefined, policy(settings));
    return [...checked.problems.map((problem) => problem.severity), ...checked.ignored.map(() => 'ignored')];
  };
  assert.deepEqual(judged({ onBrokenMarkdownLinks: 'ignore' }), ['error']);
  assert.deepEqual(judged({ onBrokenLinks: 'warn' }), ['warning']);
  assert.deepEqual(judged({ onBrokenLinks: 'warn', onBrokenMarkdownLinks: 'throw' }), ['error']);
  assert.deepEqual(judged({ onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'warn' }), ['warning']);
  assert.deepEqual(judged({ onBrokenLinks: 'ignore', onBrokenMarkdownLinks: 'ignore' }), ['ignored'], 'ignored, but kept in the report');
  // An area's own settings count for both.
  const kb = { site: { ...strictPolicy.site }, areas: { kb: { onBrokenLinks: 'warn' as const } } };
  assert.deepEqual(checkLinks([{ ...pages[0], area: 'kb' }], new Set(), undefined, kb).problems.map((problem) => problem.severity), ['warning']);
});

test('a missing page and a missing anchor are told apart: onBrokenLinks and onBrokenAnchors judge them', () => {
  const pages = [page('/docs/a', '<a href="/docs/b#nope">b</a><a href="/docs/gone">gone</a>', [{ href: '/docs/b#nope', line: 1, column: 1 }, { href: '/docs/gone', line: 2, column: 1 }]), page('/docs/b', '<h2 id="yes">Yes</h2>')];
  const judged = (settings: BrokenLinkSettings) => checkLinks(pages, new Set(), undefined, policy(settings)).problems.map((problem) => `${problem.severity} ${problem.message}`);
  assert.deepEqual(judged({}), ['error link to "/docs/b#nope": the page has no heading or element with id "nope"', 'error link to "/docs/gone" not found']);
  assert.deepEqual(judged({ onBrokenAnchors: 'warn' }), ['warning link to "/docs/b#nope": the page has no heading or element with id "nope"', 'error link to "/docs/gone" not found']);
  assert.deepEqual(judged({ onBrokenLinks: 'warn', onBrokenAnchors: 'ignore' }), ['warning link to "/docs/gone" not found']);
});

test('an unresolved "/folder/page.md" is a broken Markdown link, not a missing page', () => {
  const report = checkLinks([page('/docs/a', '<a href="/product/gone.md#part">x</a>', [{ href: '/product/gone.md#part', line: 3, column: 1 }])], new Set());
  assert.deepEqual(report.problems.map((problem) => [problem.severity, problem.line, problem.message]), [['error', 3, 'link to "/product/gone.md#part" points to a Markdown file that does not exist']]);
  assert.match(report.problems[0].hint ?? '', /stricter of onBrokenMarkdownLinks and onBrokenLinks/);
  assert.equal(checkLinks([page('/docs/a', '<a href="/product/gone.md">x</a>', [{ href: '/product/gone.md', line: 3, column: 1 }])], new Set(), undefined, policy({ onBrokenLinks: 'warn' })).problems[0].severity, 'warning');
});

test('an area\'s own setting judges the links on its pages; other pages keep the site\'s', () => {
  const link = [{ href: '/docs/b#nope', line: 1, column: 1 }];
  const kb = { ...page('/docs/kb/a', '<a href="/docs/b#nope">b</a>', link), area: 'kb' };
  const other = { ...page('/docs/x/a', '<a href="/docs/b#nope">b</a>', link), area: 'x' };
  const settings = { site: { ...strictPolicy.site }, areas: { kb: { onBrokenAnchors: 'warn' as const }, x: {} } };
  const report = checkLinks([kb, other, page('/docs/a', ''), page('/docs/b', '<p>b</p>')], new Set(), undefined, settings);
  assert.deepEqual(report.problems.map((problem) => `${problem.severity} ${problem.file}`), ['warning content/docs/kb/a.md', 'error content/docs/x/a.md']);
});

test('a link broken on a page and on its Markdown twin is reported once, at the page', () => {
  const where = "the page's Markdown twin";
  const twin = { route: '/docs/a.md', twinOf: '/docs/a', file: 'content/docs/a.md', links: [{ href: '/docs/b#nope', where }, { href: '/docs/gone', where }], hrefs: ['/docs/b#nope', '/docs/gone'], ids: new Set<string>() };
  const report = checkScannedLinks([scanPage(page('/docs/a', '<a href="/docs/b#nope">b</a>', [{ href: '/docs/b#nope', line: 5, column: 1 }])), twin, scanPage(page('/docs/b', '<p>b</p>'))], new Set());
  assert.deepEqual(report.problems.map((problem) => problem.message), ['link to "/docs/b#nope": the page has no heading or element with id "nope"', 'link to "/docs/gone" not found (at the page\'s Markdown twin)'], 'a link broken only in the twin is still reported');
});

test('a broken link in spec text shared by many pages is reported once, with the number of pages', () => {
  const shared = { href: '/rest/guides/x', where: '/components/schemas/Repo/description' };
  const specPage = (route: string) => ({ route, html: `<html><body><a href="/rest/guides/x">guide</a></body></html>`, file: 'api.yaml', links: [shared] });
  const report = checkLinks([specPage('/docs/api/a'), specPage('/docs/api/b'), specPage('/docs/api/c')], new Set());
  assert.equal(report.problems.length, 1);
  assert.equal(report.problems[0].message, 'link to "/rest/guides/x" not found (at /components/schemas/Repo/description) (on 3 pages, first /docs/api/a)');
});
