import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { build, type BuildSummary } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { readDocs } from '../../src/content/docs.ts';
import { Diagnostics, type Problem } from '../../src/errors.ts';
import { checkBuiltSite } from '../../src/links/check-dist.ts';
import { linkSummary } from '../../src/links/report.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { siteFromDocusaurus } from '../helpers/docusaurus-site.ts';
import { buildSite, repoRoot } from '../helpers/fixtures.ts';
import { findSilentLoss } from '../helpers/silent-loss.ts';
import { requireThirdParty } from '../helpers/thirdparty.ts';

/** The agent-readiness warning for a page without a description (these fixtures have many). */
const isNoDescription = (problem: Problem) => / has no description: /.test(problem.message);

// A real Docusaurus 3 docs folder nobody here wrote (BehaviorTree.CPP's website), moved in as
// one area with only its route base adapted. One build, checked by each subtest.
test('moving the BehaviorTree.CPP docs in', async (t) => {
  const btcpp = requireThirdParty('docusaurus/btcpp', t);
  if (!btcpp) return;
  const root = siteFromDocusaurus(btcpp);
  const summary = await buildSite(root);

  await t.test('builds with no errors and checks every link', () => {
    assert.deepEqual(summary.errors.map((error) => `${error.file}:${error.line} ${error.message}`), []);
    assert.equal(summary.ok, true);
    assert.equal(summary.links.broken, 0);
    const sources = fs.readdirSync(path.join(btcpp, 'docs'), { recursive: true }).map(String).filter((name) => /\.mdx?$/.test(name));
    assert.equal(summary.pages.doc, sources.length + 2, 'every page of the folder, plus the fixture\'s two other areas');
  });

  await t.test('URLs are the ones Docusaurus gives: underscores kept, categories at their derived slug', () => {
    for (const route of ['docs/infinity/tutorial-basics/tutorial_01_first_tree', 'docs/infinity/learn-the-basics/bt_basics', 'docs/category/guides', 'docs/category/nodes-library']) {
      assert.ok(fs.existsSync(path.join(root, 'dist', route, 'index.html')), route);
    }
  });

  await t.test('the URLs the old rule gave redirect to the new ones', () => {
    const stub = fs.readFileSync(path.join(root, 'dist/docs/infinity/tutorial-basics/tutorial-01-first-tree/index.html'), 'utf8');
    assert.match(stub, /\/docs\/infinity\/tutorial-basics\/tutorial_01_first_tree/);
  });

  await t.test('a page with neither title nor "# H1" is titled by its id, with a warning', () => {
    const warning = summary.warnings.find((problem) => problem.message.includes('has no title'));
    assert.match(warning?.file ?? '', /tutorial_11_groot2\.md$/);
  });

  await t.test('nothing is dropped without a word: every heading, paragraph and table cell is on its page or in a warning', async () => {
    const { config } = await loadConfig('portal.config.ts', root);
    const tree = readDocs(root, config, new Diagnostics());
    const problems = [...summary.warnings, ...summary.errors];
    const lost = tree.docs.flatMap((doc) => findSilentLoss(doc.body, doc.bodyLineOffset, path.join(root, 'dist'), doc.route, problems, doc.file));
    assert.deepEqual(lost, []);
  });
});

test('the loss check finds a paragraph that is on neither the page nor in a warning', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-loss-'));
  fs.mkdirSync(path.join(dist, '_data/docs'), { recursive: true });
  fs.writeFileSync(path.join(dist, '_data/docs/page.json'), JSON.stringify({ title: 'Page', html: '<p>Kept words.</p><table><tr><th>a</th><th>b</th></tr><tr><td><code>&lt;</code></td><td>Less</td></tr></table>' }));
  const body = '# Page\n\nKept words.\n\nDropped words.\n\n| a | b |\n|---|---|\n| `<` | Less |\n';
  assert.deepEqual(findSilentLoss(body, 3, dist, '/docs/page', [], 'page.md'), [{ file: 'page.md', line: 8, text: 'Droppedwords.' }]);
  assert.deepEqual(findSilentLoss(body, 3, dist, '/docs/page', [{ severity: 'warning', file: 'page.md', line: 8, message: 'x' }], 'page.md'), []);
});

// Every convention the Docusaurus folders we tried use, written small in our own words.
describe('a Docusaurus folder using each convention', () => {
  let root: string;
  let summary: BuildSummary;
  const page = (route: string) => fs.readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
  before(async () => {
    root = siteFromDocusaurus(path.join(repoRoot, 'test/fixtures/docusaurus-moves'), { mainDoc: 'infinity/welcome', mainRoute: '/docs/infinity', imageHosts: ['images.example.net'] });
    summary = await buildSite(root);
  });

  test('builds with no errors; the warnings name what the writer should look at', () => {
    assert.deepEqual(summary.errors, []);
    // Pages moved in without a description are named at their front matter (src/build/agent-readiness.ts); the rest:
    assert.ok(summary.warnings.filter(isNoDescription).every((w) => w.line === 1 && /\.mdx?$/.test(w.file ?? '')));
    assert.deepEqual(summary.warnings.filter((w) => !isNoDescription(w)).map((w) => `${w.file}:${w.line}`).sort(), ['content/docs/infinity/extras/colours.md:9', 'content/docs/infinity/guides/join_a_call.md:10', 'content/docs/infinity/guides/no_title_here.md:1']);
    assert.match(summary.warnings.find((w) => w.file?.endsWith('colours.md'))?.hint ?? '', /\{width=640 height=360\}/);
    assert.match(summary.warnings.map((w) => w.message).join('\n'), /"<meeting-id>" is not HTML \(shown as text\)[^]*the page has no title; it is shown as "no_title_here"|the page has no title; it is shown as "no_title_here"[^]*"<meeting-id>" is not HTML/);
  });

  test('slug: / is the area home; a # H1 names the page and its sidebar link', () => {
    const home = page('docs/infinity');
    assert.match(home, /<h1 class="doc-title">Welcome to the meeting kit<\/h1>/);
    assert.match(home, /class="sidebar-link" href="\/docs\/infinity" aria-current="page">Welcome to the meeting kit</);
    assert.match(home, /<h2 id="prerequisites">Before you begin/);
    assert.match(home, /href="\/docs\/infinity\/guides\/join_a_call"/);
  });

  test('categories: key and customProps accepted, a generated index without slug, an empty file, YAML', () => {
    assert.match(page('docs/category/meeting-guides'), /Step-by-step guides for meetings\./);
    const home = page('docs/infinity');
    assert.match(home, /sidebar-category-label">Extra notes</);
    assert.match(home, /href="\/docs\/infinity\/extras\/contrast">Contrast checks</, 'an underlined (setext) title names the sidebar link too');
    assert.match(home, /sidebar-category-label">Reference</);
  });

  test('outside images are sized as the writer gave it, in Markdown or HTML; none is preloaded', () => {
    const html = page('docs/infinity/extras/colours');
    assert.match(html, /<img src="https:\/\/images\.example\.net\/palette-light\.png" alt="The palette on a light page" width="480" height="270" loading="lazy"/);
    assert.match(html, /<img src="https:\/\/images\.example\.net\/palette-dark\.png" alt="The palette on a dark page" width="480" height="270" loading="lazy"/);
    const article = /<article[^]*<\/article>/.exec(html)![0];
    assert.doesNotMatch(article, /rel="preload"|\{width=/);
  });

  test('file names keep underscores and transliterate letters; the old URLs redirect', () => {
    assert.ok(fs.existsSync(path.join(root, 'dist/docs/infinity/guides/mote-rom/index.html')));
    const redirects = fs.readFileSync(path.join(root, 'dist/_redirects'), 'utf8');
    assert.match(redirects, /^\/docs\/infinity\/guides\/m-te-rom \/docs\/infinity\/guides\/mote-rom 301$/m);
    assert.match(redirects, /^\/docs\/infinity\/guides\/join-a-call \/docs\/infinity\/guides\/join_a_call 301$/m);
  });

  test('tabs, the HTML subset and code options render on the page', () => {
    const html = page('docs/infinity/guides/join_a_call');
    assert.match(html, /Replace &lt;meeting-id&gt; with the number/);
    assert.match(html, /<kbd>Ctrl<\/kbd>\+<kbd>D<\/kbd>/);
    assert.match(html, /<td>The lobby opens<br\/>and plays music<\/td>/);
    assert.match(html, /<details><summary>What if the lobby never opens\?<\/summary>/);
    assert.match(html, /<summary>Why does <strong>my<\/strong> camera stay off in <code>audio-only<\/code> mode\?<\/summary><p>Audio-only calls send no video at all:<\/p><ul>\s*<li>the camera light stays dark<\/li>/);
    assert.match(html, /data-tab-group="code-language"[^]*data-tab-value="kotlin"/);
    assert.match(html, /<span class="line line-highlighted" data-line="2">call/);
    assert.doesNotMatch(html, /highlight-next-line|import Tabs/);
    const mdx = page('docs/infinity/guides/sample');
    assert.match(mdx, /data-tab-group="os"/);
    assert.doesNotMatch(mdx, /writers only/);
  });

  test('nothing is dropped without a word', async () => {
    const { config } = await loadConfig('portal.config.ts', root);
    const tree = readDocs(root, config, new Diagnostics());
    const problems = [...summary.warnings, ...summary.errors];
    assert.deepEqual(tree.docs.flatMap((doc) => findSilentLoss(doc.body, doc.bodyLineOffset, path.join(root, 'dist'), doc.route, problems, doc.file)), []);
  });
});

// A site built with `trailingSlash: true`, whose writers linked pages by their URLs ("../install/").
describe('relative route links of a trailing-slash Docusaurus site', () => {
  const fixture = path.join(repoRoot, 'test/fixtures/docusaurus-trailing-slash');
  const article = (root: string, route: string) => /<article[^]*<\/article>/.exec(fs.readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8'))![0];
  let root: string;
  let summary: BuildSummary;
  before(async () => {
    root = siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro', trailingSlash: true });
    summary = await buildSite(root);
  });

  test('with the site\'s trailingSlash, every link reaches the page its readers reached, written as our route', () => {
    assert.deepEqual(summary.errors, []);
    assert.equal(summary.links.broken, 0);
    assert.match(article(root, 'docs/infinity/intro'), /href="\/docs\/infinity\/install"[^]*href="\/docs\/category\/room-guides\/"/);
    const rooms = article(root, 'docs/infinity/rooms');
    assert.match(rooms, /href="\/docs\/infinity\/rooms\/pairing"[^]*href="\/docs\/infinity\/rooms\/naming#rules"[^]*href="\/docs\/rooms\/hardware"/, 'a folder index reads a bare name as its child; a generated index keeps its URL');
    assert.match(article(root, 'docs/infinity/rooms/pairing'), /href="\/docs\/infinity\/rooms\/naming"[^]*href="\/docs\/infinity\/rooms"/);
    assert.match(article(root, 'docs/infinity/rooms/naming'), /href="\/docs\/infinity\/rooms\/pairing\?step=1#enter-the-code"/);
    assert.match(fs.readFileSync(path.join(root, 'dist/docs/infinity/rooms.md'), 'utf8'), /\[paired\]\(https:\/\/[^/]+\/docs\/infinity\/rooms\/pairing\)/, 'the Markdown twin links where the page does');
  });

  test('URLs as Docusaurus gives them: README.md at its folder\'s URL, a number-prefixed 01_index.md at ".../index"; the old URLs redirect', () => {
    assert.match(article(root, 'docs/infinity/cables'), /<h1[^>]*>Cables<\/h1>[^]*href="\/docs\/infinity\/cables\/hdmi"/);
    assert.match(article(root, 'docs/infinity/cables/hdmi'), /href="\/docs\/infinity\/cables"/);
    assert.match(article(root, 'docs/infinity/power/index'), /<h1[^>]*>Power<\/h1>[^]*href="\/docs\/infinity\/cables"/);
    const redirects = fs.readFileSync(path.join(root, 'dist/_redirects'), 'utf8');
    assert.match(redirects, /^\/docs\/infinity\/cables\/readme \/docs\/infinity\/cables 301$/m);
    assert.match(redirects, /^\/docs\/infinity\/power \/docs\/infinity\/power\/index 301$/m);
  });

  test('read with Docusaurus\'s default instead, the same links fail, each named with its line and what it was read as', async () => {
    const summary = await buildSite(siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro' }));
    const reported = summary.errors.map((error) => `${error.file}:${error.line} ${error.message}`);
    assert.ok(reported.includes('content/docs/infinity/intro.md:7 link to "../install/" (read as "/docs/install/") not found'), reported.join('\n'));
    assert.ok(reported.includes('content/docs/infinity/rooms/pairing.md:9 link to "../naming/" (read as "/docs/infinity/naming/") not found'), reported.join('\n'));
    assert.match(summary.errors[0].hint ?? '', /areas\.infinity\.trailingSlash is unset/);
    assert.equal(reported.filter((line) => line.includes('rooms/index.md')).length, 0, 'a folder index ends in "/" either way');
  });
});

// A product knowledge base whose Docusaurus site had `trailingSlash: true`, `routeBasePath: '/'`,
// `onBrokenLinks: 'warn'`, `onBrokenMarkdownLinks: 'warn'` and no `onBrokenAnchors` (Docusaurus's
// default: 'warn'). Its writers link pages as ".md" paths from the docs root, and two of those
// links name an anchor the page lacks. Moved in as one area, with the settings its site used.
// (Its one missing ".md" file is also a broken link, so under `onBrokenLinks: 'throw'` it fails.)
describe('a knowledge base linking ".md" files from the docs root, moved in with its broken-link settings', () => {
  const fixture = path.join(repoRoot, 'test/fixtures/docusaurus-kb');
  const kbSettings = { onBrokenLinks: 'warn', onBrokenAnchors: 'warn', onBrokenMarkdownLinks: 'warn' };
  const article = (root: string, route: string) => /<article[^]*<\/article>/.exec(fs.readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8'))![0];
  const expected = [
    'warning content/docs/infinity/faq.md:11 link to "/docs/infinity/product/features/notifications#offline-mode": the page has no heading or element with id "offline-mode"',
    'warning content/docs/infinity/product/setup/install.md:11 link to "./export.md" points to a Markdown file that does not exist',
    'warning content/docs/infinity/troubleshooting/sign-in-problems.md:15 link to "/docs/infinity/product/setup/first-login#reset-your-password": the page has no heading or element with id "reset-your-password"',
  ];
  const listed = (problems: { severity: string; file?: string; line?: number; message: string }[]) => problems.map((problem) => `${problem.severity} ${problem.file}:${problem.line} ${problem.message}`).sort();
  let root: string;
  let summary: BuildSummary;
  before(async () => {
    root = siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro', trailingSlash: true, areaSettings: kbSettings });
    summary = await buildSite(root);
  });

  test('builds with its own settings: exit 0, and a warning at the file and line of each broken anchor and missing file', () => {
    assert.deepEqual(summary.errors, []);
    assert.equal(summary.ok, true);
    assert.deepEqual(listed(summary.warnings.filter((w) => !isNoDescription(w))), expected);
    assert.equal(summary.links.broken, 3);
  });

  test('".md" links from the docs root reach their pages, with or without an anchor, on the page and in its twin', () => {
    const intro = article(root, 'docs/infinity/intro');
    assert.match(intro, /href="\/docs\/infinity\/product\/setup\/install"[^]*href="\/docs\/infinity\/product\/features\/main-menu"[^]*href="\/docs\/infinity\/product\/features\/main-menu#pin-items"[^]*href="\/docs\/infinity\/troubleshooting"/);
    assert.match(article(root, 'docs/infinity/product/setup/install'), /href="\/docs\/infinity\/product\/setup\/first-login"[^]*href="\/docs\/infinity\/product\/setup\/updates"/, 'relative route links read with trailingSlash: true');
    assert.match(fs.readFileSync(path.join(root, 'dist/docs/infinity/intro.md'), 'utf8'), /\[pin them to the menu\]\(https:\/\/[^/]+\/docs\/infinity\/product\/features\/main-menu#pin-items\)/);
  });

  test('portal check-links judges the built site by the same settings, and counts what it warned about', () => {
    const report = checkBuiltSite(path.join(root, 'dist'), path.join(root, '.portal/reports/link-sources.json'));
    assert.deepEqual(listed(report.problems), expected);
    assert.match(linkSummary(report), /, 3 broken \(3 warned\)$/);
    // The command: warnings printed at their file and line, and exit 0, as the build did.
    const cli = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'portal.mjs'), 'check-links'], { cwd: root, encoding: 'utf8' });
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stderr, /content\/docs\/infinity\/faq\.md:11:\d+ {2}warning: link to [^]*3 broken \(3 warned\)/);
  });

  test('watch mode judges an edited page by the same settings: a new missing anchor warns, and fails under "throw"', async () => {
    const site = siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro', trailingSlash: true, areaSettings: kbSettings });
    const loaded = await loadConfig('portal.config.ts', site);
    const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
    const file = path.join(site, 'content/docs/infinity/product/setup/updates.md');
    fs.appendFileSync(file, '\nFilter the list [by notebook](/product/features/search-bar.md#by-notebook).\n');
    const warned = updateDoc(built.state!, file);
    assert.ok(warned.kind === 'updated');
    assert.deepEqual(listed(warned.warnings), ['warning content/docs/infinity/product/setup/updates.md:11 link to "/docs/infinity/product/features/search-bar#by-notebook": the page has no heading or element with id "by-notebook"']);
    const area = built.state!.config.areas.infinity;
    built.state!.config = { ...built.state!.config, areas: { ...built.state!.config.areas, infinity: { ...area, onBrokenAnchors: 'throw' } } };
    const failed = updateDoc(built.state!, file);
    assert.ok(failed.kind === 'failed');
    assert.deepEqual(listed(failed.problems), ['error content/docs/infinity/product/setup/updates.md:11 link to "/docs/infinity/product/features/search-bar#by-notebook": the page has no heading or element with id "by-notebook"']);
  });

  test('with the site\'s onBrokenLinks left at "throw", the missing ".md" file fails the build at its line, as in Docusaurus', async () => {
    const strict = await buildSite(siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro', trailingSlash: true, areaSettings: { onBrokenAnchors: 'warn', onBrokenMarkdownLinks: 'warn' } }));
    assert.equal(strict.ok, false);
    assert.deepEqual(listed(strict.errors), expected.filter((line) => line.includes('.md"')).map((line) => line.replace(/^warning/, 'error')));
  });

  test('with onBrokenAnchors "throw", the two missing anchors fail the build', async () => {
    const strict = await buildSite(siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro', trailingSlash: true, areaSettings: { ...kbSettings, onBrokenAnchors: 'throw' } }));
    assert.equal(strict.ok, false);
    assert.deepEqual(listed(strict.errors), expected.filter((line) => line.includes('#')).map((line) => line.replace(/^warning/, 'error')));
  });

  test('with "ignore", nothing is printed, but the link report still lists each broken link as ignored', async () => {
    const quiet = siteFromDocusaurus(fixture, { mainDoc: 'infinity/intro', trailingSlash: true, areaSettings: { onBrokenLinks: 'ignore', onBrokenAnchors: 'ignore', onBrokenMarkdownLinks: 'ignore' } });
    const built = await buildSite(quiet);
    assert.deepEqual([built.ok, built.warnings.filter((warning) => /link to/.test(warning.message))], [true, []]);
    const text = fs.readFileSync(path.join(quiet, '.portal/reports/links.txt'), 'utf8');
    assert.match(text, /3 broken \(3 ignored\)[^]*Ignored[^]*faq\.md:11[^]*install\.md:11[^]*sign-in-problems\.md:15/);
  });
});

// A handbook moved in with its sidebars.js beside portal.config.ts and nothing else set: three
// sidebars, JSX as Prettier writes it, version-named changelog files.
describe('a Docusaurus docs folder with its sidebars.js, moved in as it is', () => {
  let root: string;
  let summary: BuildSummary;
  const page = (route: string) => fs.readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
  /** The sidebar a page loads, as the labels it shows in order. */
  const sidebarOf = (route: string) => {
    const url = /"sidebar":"([^"]+)"/.exec(page(route))?.[1] ?? assert.fail(`${route} has no sidebar`);
    return fs.readFileSync(path.join(root, 'dist', url), 'utf8').replace(/<[^>]+>/g, '|').split('|').map((text) => text.trim()).filter(Boolean);
  };
  before(async () => {
    root = siteFromDocusaurus(path.join(repoRoot, 'test/fixtures/docusaurus-handbook'), { mainDoc: 'infinity/intro' });
    summary = await buildSite(root);
  });

  test('builds with no settings of its own: exit 0, no errors; the one warning is the partial no page imports', () => {
    assert.deepEqual(summary.errors, []);
    assert.equal(summary.ok, true);
    assert.deepEqual(
      summary.warnings.filter((w) => w.file?.startsWith('content/docs/infinity') || w.file === 'sidebars.js').map((w) => `${w.file}:${w.line} ${w.message}`),
      ['content/docs/infinity/guides/_draft-notes.md:1 is a partial (its name starts with "_") that no page imports, so its text is published nowhere'],
    );
  });

  test('a partial renders where a page writes <Part />, a partial inside it too, on the page and in its twin; no partial is a page', () => {
    const html = page('docs/infinity/guides/counter');
    assert.match(html, /<p>Scan the member card first, then the tool&#x27;s tag\.<\/p>\s*<p>Every loan comes with the safety sheet[^]*<aside class="admonition admonition-tip"[^]*Goggles and gloves hang by the counter door\.[^]*<p>Close the loan/);
    assert.doesNotMatch(html, /Safety|Reminder|front matter of a partial/);
    const twin = fs.readFileSync(path.join(root, 'dist/docs/infinity/guides/counter.md'), 'utf8');
    assert.match(twin, /tool's tag\.\n\nEvery loan comes with the safety sheet[^]*> \*\*Tip\*\*\n>\n> Goggles and gloves/);
    assert.deepEqual(fs.readdirSync(path.join(root, 'dist/docs/infinity/guides')).sort(), ['counter', 'counter.md', 'returns', 'returns.md']);
    assert.ok(!fs.existsSync(path.join(root, 'dist/docs/infinity/_shared')));
  });

  test('each page shows the sidebar sidebars.js puts it in, as declared: categories, a generated index, autogenerated items, a link', () => {
    const handbook = ['Welcome to the tool library', 'Getting started', 'Install the kiosk', 'Configure the kiosk', 'Guides', 'Work the counter', 'Take returns', 'Status board'];
    assert.deepEqual(sidebarOf('docs/infinity/intro'), handbook);
    assert.deepEqual(sidebarOf('docs/infinity/guides/returns'), handbook);
    assert.deepEqual(sidebarOf('docs/infinity/api/loans'), ['Lending API', 'Loans', 'Members']);
    assert.deepEqual(sidebarOf('docs/infinity/changelog/4.5.0'), ['Releases', 'Kiosk 4.8.1', 'Kiosk 4.5.0', 'Kiosk 2.5.0']);
    assert.match(page('docs/infinity/intro'), /href="\/docs\/category\/start-here"[^>]*>Getting started</);
    assert.match(page('docs/category/start-here'), /Everything a new volunteer sets up in the first week\.[^]*Install the kiosk[^]*Configure the kiosk/);
    assert.match(page('docs/infinity/intro'), /href="https:\/\/status\.example\.org"/);
    // Previous and next follow the page's own sidebar.
    assert.match(page('docs/infinity/api/loans'), /Previous[^]*Lending API[^]*Next[^]*Members/);
  });

  test('the theme components Docusaurus ships: ThemedImage with useBaseUrl, TOCInline, CodeBlock, DocCardList', () => {
    const html = page('docs/infinity/api/overview');
    assert.match(html, /<div class="toc-inline"><ul><li><a href="#ask-for-a-loan">Ask for a loan<\/a><\/li><li><a href="#what-it-covers">What it covers<\/a><\/li><\/ul><\/div>/);
    assert.match(html, /<span class="themed-image">[^]*The shelves the API knows[^]*The shelves the API knows[^]*<\/span>/);
    assert.match(html, /<div class="code-block-title">ask\.sh<\/div>[^]*<span class="line" data-line="1">curl https:\/\/kiosk\.example\.org\/loans\/42<\/span>/);
    assert.match(html, /<ul class="doc-card-list"><li class="doc-card"><a href="\/docs\/infinity\/api\/loans">Loans<\/a><p>Reading and creating loans\.<\/p><\/li><li class="doc-card"><a href="\/docs\/infinity\/api\/members">Members<\/a>/);
    assert.doesNotMatch(html, /&lt;(TOCInline|ThemedImage|CodeBlock|DocCardList)|useBaseUrl|data-doc-card-list|data-toc-inline/);
    assert.doesNotMatch(fs.readFileSync(path.join(root, 'dist/docs/infinity/api/overview.md'), 'utf8'), /<!---->/);
  });

  test('mermaid diagrams are drawn as labelled SVG figures; the twin keeps their source', () => {
    const html = page('docs/infinity/api/overview');
    assert.match(html, /<figure class="diagram"[^>]*><svg[^>]*class="mermaid"[^>]*role="img"[^>]*><title id="mermaid-1-title">Sequence diagram<\/title>[^]*>ask for loan 42<\/text>/);
    assert.match(html, /<title id="mermaid-2-title">How a loan is decided<\/title>[^]*>Tool on the shelf\?<\/text>/);
    assert.doesNotMatch(html, /data-language="mermaid"/);
    const twin = fs.readFileSync(path.join(root, 'dist/docs/infinity/api/overview.md'), 'utf8');
    assert.match(twin, /```mermaid\nsequenceDiagram\n  participant Kiosk\n/);
    assert.match(twin, /```mermaid\n---\ntitle: How a loan is decided\n---\nflowchart LR\n/);
    assert.doesNotMatch(twin, /<svg/);
  });

  test('in the twin, the theme components are Markdown: the light image, the admonition, the cards, the code; no raw tag', () => {
    const twin = fs.readFileSync(path.join(root, 'dist/docs/infinity/api/overview.md'), 'utf8');
    assert.match(twin, /!\[The shelves the API knows\]\(https:\/\/[^)]*shelf-light[^)]*\.svg\)/);
    assert.match(twin, /> \*\*Warning:\*\* Return by Friday\n>\n> Every loan is due back on the Friday after it starts\./);
    assert.match(twin, /- \[Loans\]\(https:\/\/[^)]+\/docs\/infinity\/api\/loans\.md\): Reading and creating loans\.\n- \[Members\]\(https:\/\/[^)]+\/docs\/infinity\/api\/members\.md\)/);
    assert.match(twin, /```bash\ncurl https:\/\/kiosk\.example\.org\/loans\n```/);
    assert.doesNotMatch(twin, /<(TOCInline|ThemedImage|CodeBlock|DocCardList|Admonition)|portal:doc-card-list/);
    assert.match(page('docs/infinity/api/overview'), /<span class="line">curl https:\/\/kiosk\.example\.org\/loans<\/span>/);
  });

  test('tags are shown under the page, linked to their tag pages, and are its search keywords; sidebar_custom_props is accepted', () => {
    assert.match(page('docs/infinity/guides/returns'), /<ul class="doc-tags" aria-label="Tags"><li><a href="\/docs\/infinity\/tags\/safety">safety<\/a><\/li><li><a href="\/docs\/infinity\/tags\/counter-work">Counter work<\/a><\/li><\/ul>/);
    const data = JSON.parse(fs.readFileSync(path.join(root, 'dist/_data/docs/infinity/guides/returns.json'), 'utf8'));
    assert.match(JSON.stringify(data), /safety/);
  });

  test('tag pages, as Docusaurus builds them under the area\'s route base: every tag with its count, and each tag\'s docs with their descriptions', () => {
    const cards = (html: string) => [...html.matchAll(/<li class="category-card"><a href="([^"]+)"><h2 class="category-card-title">([^<]+)<\/h2>(?:<p>([^<]*)<\/p>)?/g)].map(([, href, title, text]) => `${href} ${title}: ${text ?? ''}`);
    assert.deepEqual(cards(page('docs/infinity/tags')), ['/docs/infinity/tags/counter-work Counter work: 1 doc', '/docs/infinity/tags/safety safety: 2 docs']);
    assert.deepEqual(cards(page('docs/infinity/tags/safety')), ['/docs/infinity/guides/returns Take returns: Taking a tool back and checking it.', '/docs/infinity/guides/counter Work the counter: Lending a tool over the counter.']);
    assert.match(page('docs/infinity/tags/safety'), /<title>2 docs tagged with &quot;safety&quot;/);
    assert.equal(summary.pages['doc-tag'], 3);
    // A twin listing the links; in the sitemap; not in llms.txt.
    assert.match(fs.readFileSync(path.join(root, 'dist/docs/infinity/tags/safety.md'), 'utf8'), /- \[Work the counter\]\([^)]*\/docs\/infinity\/guides\/counter\.md\): Lending a tool over the counter\./);
    assert.match(fs.readFileSync(path.join(root, 'dist/sitemap.xml'), 'utf8'), /\/docs\/infinity\/tags\/counter-work</);
    assert.doesNotMatch(fs.readFileSync(path.join(root, 'dist/llms.txt'), 'utf8'), /\/tags/);
  });

  test('version-named files keep their whole name in the URL', () => {
    for (const version of ['4.8.1', '4.5.0', '2.5.0']) assert.match(page(`docs/infinity/changelog/${version}`), new RegExp(`<h1 class="doc-title">Kiosk ${version.replace(/\./g, '\\.')}</h1>`));
  });

  test('every tab set is a tab widget, whatever the form of its tags', () => {
    for (const route of ['docs/infinity/getting-started/install', 'docs/infinity/getting-started/configure']) {
      const html = page(route);
      assert.equal([...html.matchAll(/role="tablist" aria-label="Penguin laptop, Fruit laptop"/g)].length, 1, route);
      assert.doesNotMatch(html, /&lt;Tabs|&lt;TabItem|values=/, route);
    }
  });

  test('no source text is missing from its page: the words of each file are on the page it builds', async () => {
    const { config } = await loadConfig('portal.config.ts', root);
    const tree = readDocs(root, config, new Diagnostics());
    const docs = tree.docs.filter((doc) => doc.area === 'infinity');
    assert.equal(docs.length, 11);
    assert.deepEqual(docs.flatMap((doc) => findSilentLoss(doc.body, doc.bodyLineOffset, path.join(root, 'dist'), doc.route, [], doc.file)), []);
    // And the partials' words, on the page that imports them.
    const counter = docs.find((doc) => doc.route === '/docs/infinity/guides/counter')!;
    assert.deepEqual(Object.keys(counter.partials ?? {}).sort(), ['Reminder', 'Safety']);
    assert.deepEqual(Object.values(counter.partials!).flatMap((part) => findSilentLoss(part.body, 0, path.join(root, 'dist'), counter.route, [], part.file)), []);
  });
});
