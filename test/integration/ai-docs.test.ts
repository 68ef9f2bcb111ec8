// Build outputs for readers and tools: Markdown twins, llms.txt, page history from git, social
// cards and the Atom feed, on the basic fixture built in a git repository made for the test.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { build, type BuildSummary } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { htmlFileOf } from '../../src/site/routes.ts';
import { buildSite, copyFixture, read } from '../helpers/fixtures.ts';

const git = (cwd: string, args: string[], date?: string) =>
  execFileSync('git', args, { cwd, env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test' }, encoding: 'utf8' });

let root: string;
let summary: BuildSummary;

/** The basic fixture with an Atom feed of its guides folder. */
function fixtureWithFeed(): string {
  const site = copyFixture('basic');
  const config = path.join(site, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('  licenseRequest:', "  feeds: [{ folder: 'infinity/guides', title: 'Fixture guides' }],\n  licenseRequest:"));
  return site;
}

before(async () => {
  root = fixtureWithFeed();
  // Two commits: everything on 1 March 2026, then the second guide again on 5 June 2026.
  git(root, ['init', '-q', '-b', 'main']);
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', 'first'], '2026-03-01T10:00:00Z');
  fs.appendFileSync(path.join(root, 'content/docs/infinity/guides/second-guide.md'), '\nOne more line.\n');
  git(root, ['commit', '-q', '-am', 'second'], '2026-06-05T12:30:00Z');
  summary = await buildSite(root);
  assert.ok(summary.ok, JSON.stringify(summary.errors));
});

describe('Markdown twins and llms.txt', () => {
  test('every page has <route>.md and <route>/index.md with the same Markdown, and no HTML shell', () => {
    const routes = JSON.parse(read(root, 'dist/routes.json')) as { route: string; kind: string }[];
    assert.ok(routes.length >= 10);
    for (const { route } of routes) {
      if (route === '/') continue;
      const twin = read(root, `dist${route}.md`);
      assert.equal(read(root, `dist${route}/index.md`), twin, route);
      assert.match(twin, /^# /, route);
      assert.doesNotMatch(twin, /<(div|nav|script|html)\b/, route);
    }
    assert.match(read(root, 'dist/index.md'), /^# Home/);
    assert.doesNotMatch(read(root, 'dist/llms.txt'), /404/);
  });

  test('every page links its twin (<link rel="alternate">) and points agents to it and to llms.txt; every twin opens with its URL and llms.txt', () => {
    const routes = JSON.parse(read(root, 'dist/routes.json')) as { route: string }[];
    for (const { route } of routes) {
      const html = read(root, `dist/${htmlFileOf(route)}`);
      const twinUrl = `https://example.test${route === '/' ? '/index' : route}.md`;
      assert.ok(html.includes(`<link rel="alternate" type="text/markdown" href="${twinUrl}" title="Markdown">`), route);
      // First in the body, hidden from view and screen readers, outside the app root.
      assert.ok(html.includes(`<body>\n<p class="visually-hidden" aria-hidden="true" data-agent-pointer>For AI agents: this page as Markdown is ${twinUrl}, and https://example.test/llms.txt lists every page of the site as Markdown.</p>\n<div id="__portal">`), route);
      const twin = read(root, route === '/' ? 'dist/index.md' : `dist${route}.md`);
      assert.ok(twin.split('\n\n').slice(0, 3).some((block) => block === `Source: <https://example.test${route}>\\\nEvery page of this site, as Markdown for assistants: <https://example.test/llms.txt>`), route);
    }
  });

  test('the build writes the Markdown negotiation rules for hosts, and warns of the one page without a description, at its front matter', () => {
    for (const file of ['_hosts/nginx/markdown-map.conf', '_hosts/nginx/markdown-location.conf', '_hosts/netlify/edge-functions/markdown-twins.js', '_hosts/cloudflare/markdown-rules.json']) assert.ok(fs.existsSync(path.join(root, 'dist', file)), file);
    const agentWarnings = summary.warnings.filter((warning) => /description|Markdown twin|llms\.txt/.test(warning.message));
    assert.deepEqual(
      agentWarnings.map((warning) => `${warning.file}:${warning.line}  ${warning.message}`),
      ['content/docs/cloud-one-touch-join/introduction.md:1  agent readiness: the page /docs/cloud-one-touch-join/introduction has no description: its line in llms.txt and its twin give an assistant only its title'],
    );
  });

  test('watch mode writes an edited page\'s twin after its HTML, the same twin a full build writes for the saved file', async () => {
    const site = copyFixture('basic');
    const loaded = await loadConfig('portal.config.ts', site);
    const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
    assert.ok(built.ok && built.state);
    const twins = ['docs/infinity/guides/first-guide.md', 'docs/infinity/guides/first-guide/index.md'];
    const before = twins.map((twin) => read(site, `dist/${twin}`));
    const file = path.join(site, 'content/docs/infinity/guides/first-guide.md');
    fs.appendFileSync(file, '\nA sentence added while serving.\n');
    const result = updateDoc(built.state, file);
    assert.ok(result.kind === 'updated');
    assert.match(read(site, 'dist/docs/infinity/guides/first-guide/index.html'), /A sentence added while serving\./);
    assert.deepEqual(twins.map((twin) => read(site, `dist/${twin}`)), before, 'the twin waits until the reload is on its way');
    result.writeTwin();
    assert.match(read(site, 'dist/docs/infinity/guides/first-guide.md'), /A sentence added while serving\.\n$/);
    const full = await build(loaded, { outDir: path.join(site, 'dist-full'), reportDir: path.join(site, '.portal', 'reports-full') });
    assert.ok(full.ok);
    for (const twin of twins) assert.equal(read(site, `dist/${twin}`), read(site, `dist-full/${twin}`), twin);
  });

  test('twins are neither in the sitemap nor in the search index', () => {
    assert.doesNotMatch(read(root, 'dist/sitemap.xml'), /\.md</);
    const indexed = fs.readdirSync(path.join(root, 'dist/pagefind/fragment')).length;
    assert.equal(indexed, (JSON.parse(read(root, 'dist/routes.json')) as { kind: string }[]).length - 2, 'one fragment per indexed page (not the 404 and /docs)');
  });

  test('llms.txt links every area page to its twin; each area has its own pair', () => {
    const llms = read(root, 'dist/llms.txt');
    assert.match(llms, /^# Fixture Portal\n\n> A small site for the tests\n/);
    assert.match(llms, /- \[First guide\]\(https:\/\/example\.test\/docs\/infinity\/guides\/first-guide\.md\): A guide with code, an admonition and a diagram\./);
    assert.match(read(root, 'dist/docs/vpaas/llms.txt'), /VPaaS introduction/);
    assert.match(read(root, 'dist/llms-full.txt'), /> \*\*Tip:\*\* Before you start/);
  });
});

describe('page history', () => {
  test('"Last updated" comes from the last commit of each file, on the page and in the sitemap', () => {
    const second = read(root, 'dist/docs/infinity/guides/second-guide/index.html');
    assert.match(second, /Last updated on <time dateTime="2026-06-05T12:30:00Z">June 5, 2026<\/time>/);
    assert.match(read(root, 'dist/docs/infinity/guides/first-guide/index.html'), /<time dateTime="2026-03-01T10:00:00Z">March 1, 2026<\/time>/);
    const sitemap = read(root, 'dist/sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/example\.test\/docs\/infinity\/guides\/second-guide<\/loc><lastmod>2026-06-05<\/lastmod>/);
    assert.match(sitemap, /<loc>https:\/\/example\.test\/docs\/infinity\/guides\/first-guide<\/loc><lastmod>2026-03-01<\/lastmod>/);
  });

  test('"Edit this page" links a guide of an area with editUrl to its file; areas without it get none', () => {
    assert.match(read(root, 'dist/docs/infinity/guides/first-guide/index.html'), /href="https:\/\/git\.example\.test\/fixture\/edit\/main\/content\/docs\/infinity\/guides\/first-guide\.md"/);
    assert.doesNotMatch(read(root, 'dist/docs/vpaas/introduction/index.html'), /Edit this page/);
  });

  test('a shallow clone and a tree outside git build without dates rather than wrong ones', async () => {
    const shallow = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shallow-'));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${root}`, shallow]);
    const outside = fixtureWithFeed();
    for (const site of [shallow, outside]) {
      const result = await buildSite(site);
      assert.ok(result.ok, JSON.stringify(result.errors));
      assert.doesNotMatch(read(site, 'dist/docs/infinity/guides/first-guide/index.html'), /Last updated/);
      assert.doesNotMatch(read(site, 'dist/sitemap.xml'), /lastmod/);
      // The feed needs dates: it is left out, with a warning that says why.
      assert.equal(fs.existsSync(path.join(site, 'dist/docs/infinity/guides/atom.xml')), false);
      assert.match(result.warnings.map((warning) => warning.message).join('\n'), /feed "Fixture guides" is left out: its pages have no dates \((shallow clone|not a git work tree)\)/);
    }
  });
});

describe('dates from front matter', () => {
  /** Adds front matter lines to a page of the fixture's guides folder, after its title. */
  const addFrontMatter = (site: string, guide: string, lines: string) => {
    const file = path.join(site, `content/docs/infinity/guides/${guide}.md`);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^(title: .*\n)/m, `$1${lines}\n`));
  };
  const entriesOf = (xml: string) =>
    (new XMLParser({ isArray: (name) => name === 'entry' }).parse(xml).feed.entry as { title: string; updated: string; published?: string }[]).map(({ title, updated, published }) => [title, updated, published]);

  test('a tree exported from git (no history) publishes the feed and "Last updated" from front matter; an undated page is named', async () => {
    // The source as a release tarball holds it: committed, then exported with `git archive`.
    const source = fixtureWithFeed();
    addFrontMatter(source, 'first-guide', 'date: 2026-01-15');
    addFrontMatter(source, 'second-guide', 'date: 2026-01-20\nlast_update:\n  date: 2026-02-20\n  author: Jane Writer');
    addFrontMatter(source, 'long-guide', 'date: 2025-12-01T09:00:00+01:00');
    git(source, ['init', '-q', '-b', 'main']);
    git(source, ['add', '-A']);
    git(source, ['commit', '-q', '-m', 'dated'], '2026-07-01T08:00:00Z');
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-exported-'));
    execFileSync('git', ['archive', '--format=tar', '-o', path.join(site, 'source.tar'), 'HEAD'], { cwd: source });
    execFileSync('tar', ['-xf', 'source.tar'], { cwd: site });
    fs.rmSync(path.join(site, 'source.tar'));
    assert.equal(fs.existsSync(path.join(site, '.git')), false);

    const result = await buildSite(site);
    assert.ok(result.ok, JSON.stringify(result.errors));
    assert.deepEqual(result.warnings.filter((warning) => /feed/.test(warning.message)), []);
    const xml = read(site, 'dist/docs/infinity/guides/atom.xml');
    assert.equal(XMLValidator.validate(xml), true);
    // Newest first by "Last updated" (last_update.date before date); published is the page's date.
    assert.deepEqual(entriesOf(xml), [
      ['Second guide', '2026-02-20T00:00:00Z', '2026-01-20T00:00:00Z'],
      ['First guide', '2026-01-15T00:00:00Z', '2026-01-15T00:00:00Z'],
      ['Long guide', '2025-12-01T08:00:00Z', '2025-12-01T08:00:00Z'],
    ]);
    assert.match(xml, /<feed [^>]*>\n(?:.*\n)*?  <updated>2026-02-20T00:00:00Z<\/updated>/);
    assert.match(read(site, 'dist/docs/infinity/guides/first-guide/index.html'), /Last updated on <time dateTime="2026-01-15T00:00:00Z">January 15, 2026<\/time><\/p>/);
    assert.match(read(site, 'dist/docs/infinity/guides/second-guide/index.html'), /Last updated on <time dateTime="2026-02-20T00:00:00Z">February 20, 2026<\/time> by <b>Jane Writer<\/b><\/p>/);
    assert.match(read(site, 'dist/sitemap.xml'), /second-guide<\/loc><lastmod>2026-02-20<\/lastmod>/);
    assert.doesNotMatch(read(site, 'dist/docs/infinity/introduction/index.html'), /Last updated/, 'an undated page outside git has no date');

    // One page of the feed without a date: the feed is left out, and the warning names the page.
    const file = path.join(site, 'content/docs/infinity/guides/long-guide.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^date: .*\n/m, ''));
    const partial = await buildSite(site);
    assert.ok(partial.ok, JSON.stringify(partial.errors));
    assert.equal(fs.existsSync(path.join(site, 'dist/docs/infinity/guides/atom.xml')), false);
    const [warning] = partial.warnings.filter((each) => /feed/.test(each.message));
    assert.equal(warning.message, 'feed "Fixture guides" is left out: its pages have no dates (not a git work tree), and 1 of its 3 give none in their front matter: content/docs/infinity/guides/long-guide.md');
    assert.match(warning.hint!, /date: YYYY-MM-DD/);
  });

  test('watch mode hands a changed date to a full build (the feed and the sitemap carry it too); other edits stay in place', async () => {
    const site = fixtureWithFeed();
    addFrontMatter(site, 'first-guide', 'date: 2026-01-15');
    const loaded = await loadConfig('portal.config.ts', site);
    const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
    assert.ok(built.ok && built.state);
    const file = path.join(site, 'content/docs/infinity/guides/first-guide.md');
    fs.appendFileSync(file, '\nA sentence added while serving.\n');
    assert.equal(updateDoc(built.state, file).kind, 'updated');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('date: 2026-01-15', 'date: 2026-01-16'));
    assert.equal(updateDoc(built.state, file).kind, 'full');
  });

  test('with git history, front matter dates still outrank the last commit', async () => {
    const site = fixtureWithFeed();
    addFrontMatter(site, 'first-guide', 'last_update:\n  author: Jane Writer');
    addFrontMatter(site, 'second-guide', 'date: 2026-01-20');
    git(site, ['init', '-q', '-b', 'main']);
    git(site, ['add', '-A']);
    git(site, ['commit', '-q', '-m', 'dated'], '2026-07-01T08:00:00Z');
    const result = await buildSite(site);
    assert.ok(result.ok, JSON.stringify(result.errors));
    assert.deepEqual(entriesOf(read(site, 'dist/docs/infinity/guides/atom.xml')), [
      ['Long guide', '2026-07-01T08:00:00Z', undefined],
      ['First guide', '2026-07-01T08:00:00Z', undefined],
      ['Second guide', '2026-01-20T00:00:00Z', '2026-01-20T00:00:00Z'],
    ]);
    assert.match(read(site, 'dist/docs/infinity/guides/first-guide/index.html'), /Last updated on <time dateTime="2026-07-01T08:00:00Z">July 1, 2026<\/time> by <b>Jane Writer<\/b>/);
  });
});

describe('social cards', () => {
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  test('every page carries the Open Graph and Twitter set, with a 1200x630 PNG card', () => {
    const html = read(root, 'dist/docs/infinity/guides/first-guide/index.html');
    assert.equal(meta(html, 'og:url'), 'https://example.test/docs/infinity/guides/first-guide');
    assert.equal(meta(html, 'og:type'), 'article');
    assert.equal(meta(html, 'og:image:width'), '1200');
    assert.equal(meta(html, 'og:image:height'), '630');
    assert.equal(meta(html, 'og:image:alt'), 'First guide · Infinity · Fixture Portal');
    assert.equal(meta(html, 'twitter:card'), 'summary_large_image');
    const image = meta(html, 'og:image')!;
    assert.equal(meta(html, 'twitter:image'), image);
    const png = fs.readFileSync(path.join(root, 'dist', new URL(image).pathname));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
    assert.equal(meta(read(root, 'dist/index.html'), 'og:type'), 'website');
  });

  test('cards are cached by content: a warm build draws none, a changed title draws one', async () => {
    assert.ok(summary.socialCards!.drawn >= 10);
    const warm = await buildSite(root);
    assert.deepEqual(warm.socialCards, { drawn: 0, fromCache: summary.socialCards!.drawn + summary.socialCards!.fromCache });
    const file = path.join(root, 'content/docs/infinity/guides/second-guide.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Second guide', 'title: Second guide, renamed'));
    const changed = await buildSite(root);
    assert.equal(changed.socialCards!.drawn, 1);
  });

  test("socialCards 'area' gives the pages of an area one card, and 'off' none", async () => {
    const site = copyFixture('basic');
    const config = path.join(site, 'portal.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("socialCards: 'page'", "socialCards: 'area'"));
    const byArea = await buildSite(site);
    assert.ok(byArea.ok, JSON.stringify(byArea.errors));
    const first = read(site, 'dist/docs/infinity/guides/first-guide/index.html');
    assert.equal(meta(first, 'og:image'), meta(read(site, 'dist/docs/infinity/guides/second-guide/index.html'), 'og:image'));
    assert.notEqual(meta(first, 'og:image'), meta(read(site, 'dist/docs/vpaas/introduction/index.html'), 'og:image'));
    assert.equal(meta(first, 'og:image:alt'), 'Infinity · Fixture Portal · example.test');
    assert.ok(byArea.socialCards!.drawn + byArea.socialCards!.fromCache <= 4, 'a card per area and one for the rest');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("socialCards: 'area'", "socialCards: 'off'"));
    const none = await buildSite(site);
    assert.equal(meta(read(site, 'dist/docs/infinity/guides/first-guide/index.html'), 'og:image'), undefined);
    assert.deepEqual(none.socialCards, { drawn: 0, fromCache: 0 });
  });
});

describe('Atom feed', () => {
  test('is valid Atom with ids, updated dates and links, newest first, and linked from its pages', () => {
    const xml = read(root, 'dist/docs/infinity/guides/atom.xml');
    assert.equal(XMLValidator.validate(xml), true);
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' || name === 'link' }).parse(xml).feed;
    assert.equal(feed['@_xmlns'], 'http://www.w3.org/2005/Atom');
    assert.equal(feed.title, 'Fixture guides');
    assert.equal(feed.id, 'https://example.test/docs/infinity/guides/atom.xml');
    assert.ok(feed.author.name);
    assert.equal(feed.updated, '2026-06-05T12:30:00Z');
    const entries = feed.entry as { id: string; title: string; updated: string; link: { '@_href': string }[]; content: { '#text': string } }[];
    // (The social-card test above renamed the second guide, without committing it.)
    assert.deepEqual(entries.map((entry) => entry.title.replace(', renamed', '')), ['Second guide', 'Long guide', 'First guide']);
    for (const entry of entries) {
      assert.match(entry.id, /^https:\/\/example\.test\/docs\/infinity\/guides\//);
      assert.match(entry.updated, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.equal(entry.link[0]['@_href'], entry.id);
    }
    assert.equal(entries[0].updated, '2026-06-05T12:30:00Z');
    assert.match(entries[2].content['#text'], /<p>|&lt;p&gt;/);
    assert.match(read(root, 'dist/docs/infinity/guides/first-guide/index.html'), /<link rel="alternate" type="application\/atom\+xml" title="Fixture guides" href="\/docs\/infinity\/guides\/atom.xml">/);
    assert.doesNotMatch(read(root, 'dist/docs/vpaas/introduction/index.html'), /application\/atom\+xml/);
  });

  test('a feed of a folder without pages fails the build, naming the config and the fix', async () => {
    const site = fixtureWithFeed();
    const config = path.join(site, 'portal.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("folder: 'infinity/guides'", "folder: 'infinity/changelog'"));
    const result = await buildSite(site);
    assert.equal(result.ok, false);
    assert.deepEqual(result.errors.map((problem) => [problem.file, problem.message, problem.hint]), [
      ['portal.config.ts', 'feed "Fixture guides": no pages in content/docs/infinity/changelog', 'Set "folder" to a folder under content/docs that holds pages, or remove the feed.'],
    ]);
  });
});
