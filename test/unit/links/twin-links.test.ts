import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkScannedLinks } from '../../../src/links/check.ts';
import { scanTwin } from '../../../src/links/twin-links.ts';
import { twinUrl } from '../../../src/markdown-twins/absolute-links.ts';

const site = 'https://docs.example';
const twin = [
  '# Join',
  'See [setup](https://docs.example/docs/a/setup) and [its install step](https://docs.example/docs/a/setup.md#install).',
  'A link the build could not resolve stays as written: [intro](introduction.md).',
  'Elsewhere: [npm](https://www.npmjs.com/) and [top](#join).',
  '```ts',
  'const roster: { [k: string]: Entry; } = {}; // [not](a-link)',
  '```',
  'Inline `[x](y)` is code too; <https://docs.example/docs/a/other> is an autolink.',
  '',
  '[ref]: https://docs.example/docs/a/ref',
].join('\n');

describe('Markdown twin links', () => {
  test('are read as site paths, anchors of a twin read as its page\'s, code left out', () => {
    const scanned = scanTwin({ route: '/docs/a/join', file: 'content/docs/a/join.md' }, twin, site);
    assert.equal(scanned.route, '/docs/a/join.md');
    assert.deepEqual(scanned.hrefs, ['/docs/a/setup', '/docs/a/setup#install', '/docs/a/other', '/docs/a/ref']);
    assert.deepEqual(scanned.brokenMarkdown, ['introduction.md']);
  });

  test('a broken one fails the check, named as the twin\'s, at the page\'s source file', () => {
    const scanned = scanTwin({ route: '/docs/a/join', file: 'content/docs/a/join.md' }, twin, site);
    const ids = new Map([
      ['/docs/a/setup', new Set(['install'])],
      ['/docs/a/other', new Set<string>()],
      ['/docs/a/ref', new Set<string>()],
    ]);
    const report = checkScannedLinks([scanned], new Set(), ids);
    assert.deepEqual(
      report.problems.map((problem) => [problem.file, problem.message]),
      [['content/docs/a/join.md', 'link to "introduction.md" points to a Markdown file that does not exist (at the page\'s Markdown twin)']],
    );
  });

  test('a symbol link to a reference anchor keeps ".md" before the hash', () => {
    assert.equal(twinUrl('/docs/a/modules#update', site), 'https://docs.example/docs/a/modules.md#update');
    assert.equal(twinUrl('/', site), 'https://docs.example/index.md');
  });
});

describe('a link broken on the page and in its twin', () => {
  test('is reported once, at the page', () => {
    const page = { route: '/docs/a/join', file: 'content/docs/a/join.md', links: [{ href: '/docs/a/nope', line: 3 }], hrefs: ['/docs/a/nope'], ids: new Set<string>() };
    const twin = scanTwin({ route: '/docs/a/join', file: 'content/docs/a/join.md' }, 'See [it](https://docs.example/docs/a/nope).', site);
    const report = checkScannedLinks([page, twin], new Set());
    assert.deepEqual(report.problems.map((problem) => [problem.line, problem.message]), [[3, 'link to "/docs/a/nope" not found']]);
  });
});

describe("a twin's broken Markdown link", () => {
  const source = { route: '/docs/a/join', file: 'content/docs/a/join.md', area: 'a', links: [{ href: 'introduction.md', line: 7, column: 5 }] };
  const lenient = { site: { onBrokenLinks: 'throw', onBrokenAnchors: 'throw', onBrokenMarkdownLinks: 'warn' }, areas: { a: { onBrokenLinks: 'warn', onBrokenMarkdownLinks: 'warn' } } } as const;

  test("is judged by the area's onBrokenMarkdownLinks, at the page's source line", () => {
    const twin = scanTwin(source, 'Read [the intro](introduction.md) first.', site);
    const report = checkScannedLinks([twin], new Set(), undefined, lenient);
    assert.deepEqual(
      report.problems.map((problem) => [problem.severity, problem.line, problem.column, problem.message]),
      [['warning', 7, 5, 'link to "introduction.md" points to a Markdown file that does not exist (at the page\'s Markdown twin)']],
    );
  });

  test('is no problem when a file is there after all', () => {
    const twin = scanTwin(source, 'Read [the intro](introduction.md) first.', site);
    assert.deepEqual(checkScannedLinks([twin], new Set(['/docs/a/introduction.md']), undefined, lenient).problems, []);
  });

  test('fails the build where the area throws on broken links, as the page would', () => {
    const twin = scanTwin(source, 'Read [the intro](introduction.md) first.', site);
    const report = checkScannedLinks([twin], new Set(), undefined, { ...lenient, areas: { a: { onBrokenMarkdownLinks: 'warn' } } });
    assert.deepEqual(report.problems.map((problem) => [problem.severity, problem.line]), [['error', 7]]);
  });

  test("is not reported again from a split twin's part in another folder", () => {
    const page = { route: '/docs/a/join', file: 'content/docs/a/join.md', area: 'a', links: source.links, hrefs: [], brokenMarkdown: ['introduction.md'], ids: new Set<string>() };
    const part = scanTwin(source, 'Read [the intro](introduction.md) first.', site, '/docs/a/join/part-2.md');
    const report = checkScannedLinks([page, part], new Set(), undefined, lenient);
    assert.deepEqual(report.problems.map((problem) => [problem.file, problem.line]), [['content/docs/a/join.md', 7]]);
  });
});
