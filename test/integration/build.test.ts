import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type { BuildSummary } from '../../src/build/build.ts';
import { checkBuiltSite } from '../../src/links/check-dist.ts';
import type { PageData, RouteManifestEntry } from '../../src/shared/types.ts';
import { buildSite, builtFixture, copyFixture, read, snapshotTree } from '../helpers/fixtures.ts';

let root: string;
let summary: BuildSummary;

before(async () => {
  ({ root, summary } = await builtFixture('basic'));
});

describe('building the fixture site', () => {
  test('succeeds and counts pages by kind', () => {
    assert.equal(summary.ok, true, summary.errors.map((e) => e.message).join('\n'));
    assert.deepEqual(summary.pages, { home: 1, category: 2, 'not-found': 1, custom: 1, 'license-form': 1, doc: 6 });
    assert.equal(summary.redirects, 3);
    assert.deepEqual(summary.phases.map((p) => p.name), ['reference', 'content', 'navigation', 'routes', 'render', 'links', 'search', 'social cards', 'write']);
  });

  test('writes clean URLs, 404.html, and a data file per page', () => {
    for (const file of ['index.html', '404.html', 'docs/infinity/introduction/index.html', 'docs/infinity/guides/first-guide/index.html', 'docs/category/guides/index.html', 'community/index.html', 'request-developer-license/index.html', 'docs/index.html']) {
      assert.ok(fs.existsSync(path.join(root, 'dist', file)), file);
    }
    const data = JSON.parse(read(root, 'dist/_data/docs/infinity/guides/first-guide.json')) as PageData;
    assert.equal(data.title, 'First guide');
    assert.equal(data.documentTitle, 'First guide | Fixture Portal');
    assert.deepEqual(data.toc, [{ depth: 2, id: 'set-up', text: 'Set up' }]);
    assert.match(data.html ?? '', /class="code-block"/);
    assert.deepEqual(data.previous, { route: '/docs/category/guides', title: 'Guides' });
    assert.deepEqual(data.next, { route: '/docs/infinity/guides/second-guide', title: 'Second guide' });
  });

  test('renders the shell: skip link, announcement, navbar, sidebar, breadcrumbs, TOC, footer', () => {
    const html = read(root, 'dist/docs/infinity/guides/first-guide/index.html');
    assert.match(html, /<title>First guide \| Fixture Portal<\/title>/);
    assert.match(html, /<a class="skip-link" href="#main-content">Skip to main content<\/a>/);
    assert.match(html, /class="announcement-bar"/);
    assert.match(html, /<nav class="navbar" aria-label="Main">/);
    assert.match(html, /<a class="sidebar-link" href="\/docs\/infinity\/guides\/first-guide" aria-current="page">First guide<\/a>/);
    assert.match(html, /<nav class="breadcrumbs" aria-label="Breadcrumbs">/);
    assert.match(html, /<nav class="toc" aria-labelledby="toc-heading">/);
    assert.match(html, /<main id="main-content"/);
    assert.match(html, /Copyright © 2025 Fixture/);
    assert.match(html, /data-theme="light" data-hydrated="false"/);
    assert.match(html, /<script type="module" src="\/assets\/client\.[A-Z0-9]+\.js"><\/script>/);
    assert.match(html, /<aside class="admonition admonition-tip" aria-label="Before you start">/);
    assert.match(html, /<figure class="diagram" tabindex="0"><svg/);
    assert.doesNotMatch(html, /<script>alert|onclick/);
    assert.match(html, /<button type="button" class="copy-button"/);
  });

  test('takes a title from a leading heading when front matter has none', () => {
    assert.match(read(root, 'dist/docs/cloud-one-touch-join/introduction/index.html'), /<h1 class="doc-title">One-Touch Join introduction<\/h1>/);
  });

  test('writes category pages listing children with descriptions', () => {
    const html = read(root, 'dist/docs/category/guides/index.html');
    assert.match(html, /Guides for the fixture\./);
    assert.match(html, /<a href="\/docs\/infinity\/guides\/first-guide"><h2 class="category-card-title">First guide<\/h2><p>A guide with code, an admonition and a diagram\.<\/p><\/a>/);
  });

  test('writes redirect stubs and host rules for every redirect, placeholders expanded', () => {
    assert.equal(
      read(root, 'dist/_redirects'),
      '/docs/tutorials/introduction /docs/infinity/introduction 301\n/docs/category/infinity-guides /docs/category/guides 301\n/docs/category/pexip-guides /docs/category/guides 301\n',
    );
    const stub = read(root, 'dist/docs/category/pexip-guides/index.html');
    assert.match(stub, /url=\/docs\/category\/guides/);
    assert.match(stub, /noindex/);
  });

  test('writes the route manifest, sitemap and robots.txt', () => {
    const manifest = JSON.parse(read(root, 'dist/routes.json')) as RouteManifestEntry[];
    assert.deepEqual(manifest.find((entry) => entry.route === '/docs/infinity/guides/first-guide'), {
      route: '/docs/infinity/guides/first-guide',
      kind: 'doc',
      title: 'First guide',
      area: 'infinity',
    });
    const sitemap = read(root, 'dist/sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/example\.test\/docs\/infinity\/introduction<\/loc>/);
    assert.doesNotMatch(sitemap, /404/);
    assert.match(read(root, 'dist/robots.txt'), /Sitemap: https:\/\/example\.test\/sitemap\.xml/);
  });

  test('hashes asset names and publishes the stylesheet', () => {
    const assets = fs.readdirSync(path.join(root, 'dist/assets'));
    assert.ok(assets.some((name) => /^client\.[A-Z0-9]{8}\.js$/.test(name)), assets.join(', '));
    assert.ok(assets.some((name) => /^style\.[A-Z0-9]{8}\.css$/.test(name)), assets.join(', '));
  });

  test('the built output passes check-links, and a broken output fails it naming the file', () => {
    assert.deepEqual(checkBuiltSite(path.join(root, 'dist'), path.join(root, '.portal/reports/link-sources.json')).problems, []);
    const broken = copyFixture('basic');
    fs.cpSync(path.join(root, 'dist'), path.join(broken, 'dist'), { recursive: true });
    const introduction = path.join(broken, 'dist/docs/infinity/introduction/index.html');
    fs.writeFileSync(introduction, fs.readFileSync(introduction, 'utf8').replace('</main>', '<a href="/docs/infinity/gudes/first-guide">x</a></main>'));
    const report = checkBuiltSite(path.join(broken, 'dist'), path.join(broken, 'nothing.json'));
    assert.equal(report.problems.length, 1);
    assert.match(report.problems[0].hint ?? '', /Did you mean "\/docs\/infinity\/guides\/first-guide"/);
  });
});

describe('sidebars', () => {
  test('a page carries only the branch that leads to it; the shared file holds every item, closed', () => {
    const introduction = read(root, 'dist/docs/infinity/introduction/index.html');
    const sidebar = introduction.match(/<nav class="sidebar-nav" aria-label="Docs sidebar">([\s\S]*?)<\/nav>/)![1];
    assert.doesNotMatch(sidebar, /href="\/docs\/infinity\/guides\/first-guide"/, 'the closed category\'s items are left out');
    assert.match(sidebar, /<li class="sidebar-item sidebar-category" data-lazy="">/);
    assert.match(sidebar, /aria-expanded="false" aria-label="Expand Guides"/);
    const guide = read(root, 'dist/docs/infinity/guides/first-guide/index.html');
    assert.match(guide, /aria-expanded="true" aria-label="Collapse Guides"/);
    assert.match(guide, /href="\/docs\/infinity\/guides\/second-guide"/);
    const data = JSON.parse(read(root, 'dist/_data/docs/infinity/introduction.json')) as PageData;
    const shared = read(root, `dist${data.sidebar}`);
    assert.match(shared, /href="\/docs\/infinity\/guides\/first-guide"/);
    assert.match(shared, /aria-expanded="false" aria-label="Expand Guides"/);
    assert.match(shared, /<ul class="sidebar-list" hidden="">/);
    assert.doesNotMatch(shared, /data-lazy/);
  });
});

describe('rendering Markdown and making pages on worker threads', () => {
  test('writes the same site, twins, search index and link reports as the main thread', async () => {
    const inline = copyFixture('basic');
    const threaded = copyFixture('basic');
    // An SVG the custom page shows inline and its twin links: published by the page job alone
    // (on a worker, into the worker's registry), so the build must take it from there.
    for (const site of [inline, threaded]) {
      fs.copyFileSync(path.join(site, 'content/docs/infinity/guides/img/flow.svg'), path.join(site, 'content/pages/diagram.svg'));
      fs.appendFileSync(path.join(site, 'content/pages/community.md'), '\n![A diagram](./diagram.svg)\n');
    }
    const results = [await buildSite(inline, { workers: 1 }), await buildSite(threaded, { workers: 2 })];
    for (const result of results) assert.equal(result.ok, true, result.errors.map((e) => e.message).join('\n'));
    assert.deepEqual(results[1].cache, results[0].cache);
    // The site with its twins, llms files and Pagefind's index (pages numbered in the order they
    // were placed), then the link reports (which name the site's folder).
    const builtBy = (site: string) => {
      const reports = [...snapshotTree(path.join(site, '.portal', 'reports'))].map(([file, contents]) => [`reports/${file}`, Buffer.from(contents, 'base64').toString('utf8').split(site).join('<site>')] as const);
      return new Map([...snapshotTree(path.join(site, 'dist')), ...reports]);
    };
    const expected = builtBy(inline);
    const onWorkers = builtBy(threaded);
    assert.ok([...expected.keys()].some((file) => /^assets\/diagram\.[0-9a-f]+\.svg$/.test(file)), 'the twin-only image is published');
    for (const file of ['llms-full.txt', 'community.md', 'docs/infinity/guides/first-guide/index.md', 'pagefind/summaries.json', 'reports/links.json']) assert.ok(expected.has(file), file);
    assert.deepEqual([...onWorkers.keys()], [...expected.keys()]);
    for (const [file, contents] of expected) assert.equal(onWorkers.get(file), contents, file);
  });

  test('reports Markdown problems from a worker with file and line, in the order of the docs', async () => {
    const site = copyFixture('basic');
    fs.appendFileSync(path.join(site, 'content/docs/infinity/guides/second-guide.md'), '\n[unsafe](javascript:alert(1))\n');
    fs.appendFileSync(path.join(site, 'content/docs/infinity/guides/first-guide.md'), '\n[unsafe](vbscript:run)\n');
    const failed = await buildSite(site, { workers: 2 });
    assert.equal(failed.ok, false);
    assert.deepEqual(
      failed.errors.map((error) => [error.file, typeof error.line]),
      [
        [path.join('content', 'docs', 'infinity', 'guides', 'first-guide.md'), 'number'],
        [path.join('content', 'docs', 'infinity', 'guides', 'second-guide.md'), 'number'],
      ],
    );
    assert.match(failed.errors[1].message, /unsafe link "javascript:alert\(1\)"/);
  });
});

describe('a failing build', () => {
  test('reports a broken link with file, line and suggestion, and leaves the previous dist untouched', async () => {
    const site = copyFixture('basic');
    assert.equal((await buildSite(site)).ok, true);
    const before = snapshotTree(path.join(site, 'dist'));
    fs.appendFileSync(path.join(site, 'content/docs/infinity/guides/second-guide.md'), '\nSee [the guide](/docs/infinity/guides/frist-guide).\n');
    const failed = await buildSite(site);
    assert.equal(failed.ok, false);
    assert.equal(failed.errors.length, 1);
    const [error] = failed.errors;
    assert.equal(error.file, path.join('content', 'docs', 'infinity', 'guides', 'second-guide.md'));
    assert.equal(error.line, 9);
    assert.match(error.hint ?? '', /Did you mean "\/docs\/infinity\/guides\/first-guide"\?/);
    assert.deepEqual(snapshotTree(path.join(site, 'dist')), before, 'dist/ is byte-identical');
    assert.deepEqual(fs.readdirSync(site).filter((name) => name.startsWith('dist.')), [], 'no staging folders left behind');
    assert.match(read(site, '.portal/reports/links.txt'), /1 broken/);
  });

  test('a sidebar category naming a missing doc fails', async () => {
    const site = copyFixture('basic');
    fs.writeFileSync(path.join(site, 'content/docs/infinity/guides/_category_.json'), '{ "label": "Guides", "link": { "type": "doc", "id": "infinity/guides/nope" } }');
    const failed = await buildSite(site);
    assert.equal(failed.ok, false);
    assert.match(failed.errors[0].message, /link\.id "infinity\/guides\/nope" names a doc that does not exist/);
  });

  test('a navbar doc id that does not exist fails, naming the config path', async () => {
    const site = copyFixture('basic');
    const config = read(site, 'portal.config.ts').replace("docId: 'vpaas/introduction'", "docId: 'vpaas/intro'");
    fs.writeFileSync(path.join(site, 'portal.config.ts'), config);
    const failed = await buildSite(site);
    assert.match(failed.errors.map((e) => e.message).join('\n'), /navbar\.items\[1\]\.docId: no doc with id "vpaas\/intro"/);
  });

  test('a draft resolves to nothing: no route, and links to it fail', async () => {
    const site = copyFixture('basic');
    const file = path.join(site, 'content/docs/infinity/guides/second-guide.md');
    fs.writeFileSync(file, read(site, 'content/docs/infinity/guides/second-guide.md').replace('sidebar_position: 2', 'sidebar_position: 2\ndraft: true'));
    const result = await buildSite(site);
    assert.equal(result.ok, true, result.errors.map((e) => e.message).join('\n'));
    assert.equal(fs.existsSync(path.join(site, 'dist/docs/infinity/guides/second-guide')), false);
  });

  test('two pages claiming one route fail the build, naming both files', async () => {
    const site = copyFixture('basic');
    fs.writeFileSync(path.join(site, 'content/docs/infinity/guides/zz-copy.md'), '---\ntitle: Copy\nslug: first-guide\n---\nText\n');
    const result = await buildSite(site);
    assert.equal(result.ok, false);
    const error = result.errors.find((e) => /is also claimed by/.test(e.message));
    assert.equal(error?.file, 'content/docs/infinity/guides/zz-copy.md');
    assert.match(error?.message ?? '', /route "\/docs\/infinity\/guides\/first-guide" is also claimed by content\/docs\/infinity\/guides\/first-guide\.md/);
  });
});
