import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agentReadinessProblems, listedMissingDescriptions, llmsCharacterLimit, type ReadyPage, readinessWarnings } from '../../../src/build/agent-readiness.ts';
import { diverges, twinDivergence } from '../../../src/markdown-twins/divergence.ts';
import { splitTwin, twinCharacterLimit } from '../../../src/markdown-twins/split-twin.ts';
import { twinHeader } from '../../../src/markdown-twins/twin-header.ts';
import type { Page } from '../../../src/page.ts';

const site = 'https://x.test';
const page = (over: Partial<Page> = {}): Page => ({ route: '/docs/a/page', kind: 'doc', title: 'A page', description: 'What the page covers.', toc: [], body: { html: '' }, source: { file: 'content/docs/a/page.md' }, links: [], ...over }) as Page;
const entry = (name: string, size: number) => `### \`${name}\`\n\n\`\`\`ts\n## not a heading inside code\n${'x'.repeat(size)}\n\`\`\`\n`;

describe('twin header', () => {
  test('a twin opens with its title, summary, page URL and the site\'s llms.txt', () => {
    assert.equal(
      twinHeader({ route: '/docs/a/page', title: 'A page', description: 'What\nit covers.' }, `${site}/`),
      '# A page\n\n> What it covers.\n\nSource: <https://x.test/docs/a/page>\\\nEvery page of this site, as Markdown for assistants: <https://x.test/llms.txt>',
    );
  });
});

describe('splitting long twins', () => {
  const long = [twinHeader({ route: '/docs/p/modules', title: 'pkg: modules' }, site), '## Interfaces\n\n- [`A`](https://x.test/a)', '## Variables', ...Array.from({ length: 40 }, (_, i) => entry(`v${i}`, 3_000)), '## Types', entry('T', 100)].join('\n\n');

  test('a twin that fits is left whole', () => {
    assert.equal(splitTwin('# Short\n\n## A\n\ntext\n', { route: '/a', title: 'Short' }, site), null);
  });

  test('a twin between 50,000 and 100,000 characters stays whole at its URL (afdocs only warns there, and compares the page with it)', () => {
    const twin = ['# Page', '## Long', ...Array.from({ length: 25 }, (_, i) => entry(`e${i}`, 3_000))].join('\n\n');
    assert.ok(twin.length > 75_000 && twin.length < 100_000, String(twin.length));
    assert.equal(splitTwin(twin, { route: '/a', title: 'Page' }, site), null);
  });

  test('a long section becomes parts under the limit, cut between entries, linked from the index where it was', () => {
    assert.ok(long.length > twinCharacterLimit);
    const split = splitTwin(long, { route: '/docs/p/modules', title: 'pkg: modules' }, site)!;
    assert.ok(split.index.length < twinCharacterLimit);
    assert.deepEqual(split.parts.map((part) => part.file), ['docs/p/modules/variables-1.md', 'docs/p/modules/variables-2.md']);
    for (const part of split.parts) {
      assert.ok(part.markdown.length <= twinCharacterLimit, `${part.file}: ${part.markdown.length}`);
      assert.match(part.markdown, /^# pkg: modules: Variables, part \d of 2\n/);
      assert.match(part.markdown, /<https:\/\/x\.test\/llms\.txt>/);
      assert.ok(split.index.includes(`](${part.url})`), `the index links ${part.url}`);
      // Every fence the part opens it closes: parts are cut between entries only.
      assert.equal((part.markdown.match(/^```/gm) ?? []).length % 2, 0);
    }
    // Short sections stay in the index; every entry is in exactly one part.
    assert.match(split.index, /## Interfaces\n\n- \[`A`\]/);
    assert.match(split.index, /## Types\n\n### `T`/);
    for (let i = 0; i < 40; i++) assert.equal(split.parts.filter((part) => part.markdown.includes(`### \`v${i}\`\n`)).length, 1, `v${i}`);
  });
});

describe('twin divergence', () => {
  const html = '<h2 id="s">Setting up<a class="hash-link" href="#s" data-markdown-ignore="">#</a></h2><p>Install the package and create a client before you join.</p><p>Then call join with the conference alias and the display name.</p><button>Copy</button><nav><a href="/x">Next page title</a></nav>';
  test('a twin holding the page\'s text does not diverge; controls, links and navigation are left out by design', () => {
    const result = twinDivergence(html, '# T\n\n## Setting up\n\nInstall the package and create a client before you join.\n\nThen call `join` with the conference alias and the [display name](https://x.test/a).\n');
    assert.equal(result.missing, 0);
  });
  test('a twin that drops a paragraph diverges, naming the words it lacks', () => {
    const paragraph = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const result = twinDivergence(`${html}<p>${paragraph}</p>`, '# T\n\n## Setting up\n\nInstall the package and create a client before you join.\n');
    assert.ok(diverges(result), JSON.stringify(result));
    assert.ok(result.missing >= 30 + 11, JSON.stringify(result));
    assert.equal(result.sample.length, 8);
  });
});

describe('agent-readiness checks', () => {
  const ready = (over: Partial<ReadyPage> = {}): ReadyPage => ({ page: page(), twin: '# A page\n', parts: [], ...over });

  test('a page without a description is reported at its front matter, with the fix', () => {
    const [problem, ...rest] = agentReadinessProblems([ready({ page: page({ description: undefined }) }), ready({ page: page({ kind: 'not-found', route: '/404', description: undefined }) })], []);
    assert.equal(rest.length, 0, 'the 404 page is no page to describe');
    assert.equal(problem.file, 'content/docs/a/page.md');
    assert.equal(problem.line, 1);
    assert.match(problem.message, /the page \/docs\/a\/page has no description/);
    assert.match(problem.hint!, /"description:" line to the front matter/);
  });

  test('an llms.txt or a twin over the limit, and a twin that diverges, are reported', () => {
    const problems = agentReadinessProblems(
      [ready({ twin: 'x'.repeat(twinCharacterLimit + 1), divergence: { missing: 40, total: 100, sample: ['gone'] } })],
      [{ file: 'llms.txt', contents: 'x'.repeat(llmsCharacterLimit + 1) }, { file: 'llms-full.txt', contents: 'x'.repeat(llmsCharacterLimit * 3) }],
    );
    assert.deepEqual(problems.map((problem) => problem.file), ['llms.txt', 'content/docs/a/page.md', 'content/docs/a/page.md']);
    assert.match(problems[0].message, /llms\.txt has 50,001 characters, over the 50,000/);
    assert.match(problems[1].message, /twin \/docs\/a\/page\.md has 100,001 characters, over the 100,000/);
    assert.match(problems[2].message, /leaves out 40 of the page's 100 words \(40%\).*gone/);
  });

  test('a split twin is reported at its page: its whole text (and its HTML) is too long for assistants', () => {
    const parts = [{ file: 'docs/a/page/long-1.md', url: 'https://x.test/docs/a/page/long-1.md', markdown: 'x'.repeat(90_000) }, { file: 'docs/a/page/long-2.md', url: 'https://x.test/docs/a/page/long-2.md', markdown: 'x'.repeat(20_000) }];
    const [problem, ...rest] = agentReadinessProblems([ready({ twin: 'y'.repeat(1_000), parts })], []);
    assert.equal(rest.length, 0);
    assert.equal(problem.file, 'content/docs/a/page.md');
    assert.match(problem.message, /twin of \/docs\/a\/page has about 111,000 characters, over the 100,000 .* split into an index and 2 parts/);
    assert.match(problem.hint!, /shorter pages/);
  });

  test('a site that is ready reports nothing', () => {
    assert.deepEqual(agentReadinessProblems([ready({ divergence: { missing: 3, total: 500, sample: [] } })], [{ file: 'llms.txt', contents: '# Site\n' }]), []);
  });
});

describe('agent-readiness warnings as the build prints them', () => {
  const undescribed = (count: number) =>
    Array.from({ length: count }, (_, index): ReadyPage => ({ page: page({ route: `/docs/a/p${index}`, source: { file: `content/docs/a/p${index}.md` }, description: undefined }), twin: '# A page\n', parts: [] }));
  const drifting: ReadyPage = { page: page({ route: '/docs/a/drift', source: { file: 'content/docs/a/drift.md' } }), twin: '# A page\n', parts: [], divergence: { missing: 40, total: 100, sample: ['gone'] } };

  test('many pages without a description are one line with the count and the flag; a drifting twin stays its own', () => {
    const problems = agentReadinessProblems([...undescribed(12), drifting], []);
    const printed = readinessWarnings(problems, false);
    assert.deepEqual(printed.map((problem) => `${problem.file}:${problem.line ?? ''}`), ['content/docs/a/p0.md:1', 'content/docs/a/drift.md:']);
    assert.match(printed[0].message, /\/docs\/a\/p0 has no description: .*\(and 11 more pages without one: "portal build --verbose" lists each\)$/);
  });

  test('a few, or --verbose, are listed one by one', () => {
    assert.equal(readinessWarnings(agentReadinessProblems(undescribed(listedMissingDescriptions), []), false).length, listedMissingDescriptions);
    assert.equal(readinessWarnings(agentReadinessProblems(undescribed(12), []), true).length, 12);
  });
});
