import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PortalError } from '../../src/errors.ts';
import { buildSite, builtFixture, copyFixture } from '../helpers/fixtures.ts';

// Hostile strings through every source (content, config, OpenAPI spec, SVG diagram): none may
// reach the output as markup that runs. (The image points outside: Markdown's HTML subset renders
// an <img>, and a local one that does not exist would fail the build as a missing image.)
const attack = '<script>alert(1)</script><img src="https://evil.test/x.png" onerror="alert(2)"><iframe src="https://evil.test"></iframe>';

/** All markup the site serves: the HTML files, and the article markup inside page data files. */
function allOutput(folder: string): string {
  return fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    // Data, not markup: the published description is the spec byte for byte (its text is the
    // writer's), and the MCP data files hold plain-text fields; both are served as JSON with nosniff.
    .filter((file) => /\.(html|json)$/.test(file) && !file.startsWith('pagefind') && file !== 'routes.json' && !file.startsWith('mcp/') && !file.endsWith('openapi.json'))
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      // Page data holds plain-text fields (shown escaped by React) and one markup field.
      return file.endsWith('.json') && file.startsWith('_data') ? String(JSON.parse(text).html ?? '') : text;
    })
    .join('\n');
}

test('script, event handlers, javascript: URLs and frames from any source never reach the output', async () => {
  const site = copyFixture('basic');
  const doc = path.join(site, 'content/docs/infinity/guides/second-guide.md');
  fs.appendFileSync(doc, `\n${attack}\n\nInline ${attack} and [a link](https://example.test "${attack}").\n`);
  const svg = path.join(site, 'content/docs/infinity/guides/img/flow.svg');
  fs.writeFileSync(svg, fs.readFileSync(svg, 'utf8').replace('</svg>', '<foreignObject><iframe src="https://evil.test"></iframe></foreignObject><a href="javascript:alert(3)"><text>x</text></a></svg>'));
  const config = path.join(site, 'portal.config.ts');
  fs.writeFileSync(
    config,
    fs
      .readFileSync(config, 'utf8')
      .replace("content: 'Fixture announcement'", `content: ${JSON.stringify(attack)}`)
      .replace("{ type: 'search', position: 'right' },", `{ type: 'search', position: 'right' },\n      { type: 'html', value: ${JSON.stringify(`<b>ok</b>${attack}`)}, position: 'right' },`)
      .replace('licenseRequest:', "openapi: [{ spec: 'specs/hostile.yaml', area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } }],\n  licenseRequest:"),
  );
  fs.mkdirSync(path.join(site, 'specs'));
  fs.writeFileSync(
    path.join(site, 'specs/hostile.yaml'),
    `openapi: 3.1.0\ninfo:\n  title: Hostile API\n  version: '1'\n  description: ${JSON.stringify(attack)}\npaths:\n  /a:\n    get:\n      operationId: getA\n      summary: ${JSON.stringify('Get <script>alert(5)</script> A')}\n      description: ${JSON.stringify(attack)}\n      responses:\n        '200':\n          description: ${JSON.stringify(attack)}\n`,
  );
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, summary.errors.map((e) => e.message).join('\n'));
  const output = allOutput(path.join(site, 'dist'));
  assert.doesNotMatch(output, /<script>alert|<script[^>]*>\s*alert/i, 'no injected script element');
  assert.doesNotMatch(output, /<[a-z][^>]*\son[a-z]+=["']/i, 'no event handler attributes');
  assert.doesNotMatch(output, /<iframe/i, 'no frames');
  assert.doesNotMatch(output, /href="javascript:/i, 'no javascript: URLs');
  assert.doesNotMatch(output, /foreignObject/i);
  // The text itself is still there, escaped, where the writer put it.
  assert.match(output, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(output, /<b>ok<\/b>/, 'allowed markup in a navbar html item survives');
});

test('external links that open a new tab are safe, and the only inline script is the theme script (with its CSP hash in _headers)', async () => {
  const { root: site, summary } = await builtFixture('basic');
  assert.equal(summary.ok, true);
  const html = fs.readFileSync(path.join(site, 'dist/index.html'), 'utf8');
  for (const anchor of html.match(/<a [^>]*target="_blank"[^>]*>/g) ?? []) assert.match(anchor, /rel="noopener noreferrer"/);
  for (const anchor of html.match(/<a [^>]*data-external[^>]*>/g) ?? []) assert.match(anchor, /rel="noopener noreferrer"/);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  assert.equal(inline.length, 1);
  const headers = fs.readFileSync(path.join(site, 'dist/_headers'), 'utf8');
  const hash = (await import('node:crypto')).createHash('sha256').update(inline[0]).digest('base64');
  assert.match(headers, new RegExp(`Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-${hash.replace(/[+/=]/g, '\\$&')}'`));
});

/** Appends lines to a fixture file; returns the line number the first of them gets. */
function append(file: string, lines: string[]): number {
  const before = fs.readFileSync(file, 'utf8');
  const first = before.replace(/\n$/, '').split('\n').length + 2;
  fs.writeFileSync(file, `${before.replace(/\n$/, '')}\n\n${lines.join('\n\n')}\n`);
  return first;
}

test('unsafe URLs in content and control characters in front matter fail the build, each reported where it is; nothing is written', async () => {
  const site = copyFixture('basic');
  const doc = 'content/docs/infinity/guides/second-guide.md';
  const vectors = ['![x](javascript:alert(1))', '<a href="javascript:alert(2)">run</a>', '<img src="vbscript:msgbox(3)" alt="v">', '[open](data:text/html,<script>alert(4)</script>)', '[e](javascript&colon;alert(5))', '<a href="java&#9;script:alert(6)">t</a>'];
  const first = append(path.join(site, doc), vectors);
  const guide = 'content/docs/infinity/guides/first-guide.md';
  const guideFile = path.join(site, guide);
  fs.writeFileSync(guideFile, fs.readFileSync(guideFile, 'utf8').replace('title: First guide', 'title: "First\\0guide"').replace('description: A guide', 'description: A \u0007 guide'));

  const summary = await buildSite(site);
  assert.equal(summary.ok, false);
  const reported = summary.errors.map((error) => `${error.file}:${error.line ?? ''} ${error.message}`);
  const expected = [
    `${doc}:${first} unsafe image "javascript:alert(1)"`,
    `${doc}:${first + 2} unsafe <a href> "javascript:alert(2)"`,
    `${doc}:${first + 4} unsafe <img src> "vbscript:msgbox(3)"`,
    `${doc}:${first + 6} unsafe link "data:text/html,`,
    `${doc}:${first + 8} unsafe link "javascript:alert(5)"`,
    `${doc}:${first + 10} unsafe <a href> "java\\tscript:alert(6)"`,
    `${guide}:2 front matter "title" holds U+0000`,
    `${guide}:3 front matter "description" holds U+0007`,
  ];
  for (const start of expected) assert.ok(reported.some((line) => line.startsWith(start)), `${start}\n  not in:\n${reported.join('\n')}`);
  assert.ok(summary.errors.every((error) => !/unsafe/.test(error.message) || /https:\/\/ address/.test(error.hint ?? '')), 'each unsafe URL comes with the fix');
  assert.equal(fs.existsSync(path.join(site, 'dist')), false, 'a failed build writes no output');
});

test('a javascript: link in a navbar html item fails the build, naming the config path, instead of losing its href', async () => {
  const site = copyFixture('basic');
  const config = path.join(site, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("{ type: 'search', position: 'right' },", `{ type: 'search', position: 'right' },\n      { type: 'html', value: ${JSON.stringify('<b>ok</b><a href="javascript:alert(7)">x</a>')}, position: 'right' },`));
  const summary = await buildSite(site);
  assert.equal(summary.ok, false);
  assert.deepEqual(summary.errors.map((error) => `${error.file}: ${error.message}`), ['portal.config.ts: navbar.items[4].value: unsafe <a href> "javascript:alert(7)": only http(s), mailto and site paths are allowed']);
  assert.equal(fs.existsSync(path.join(site, 'dist')), false);
});

test('a javascript: href in a navbar dropdown stops the build before it starts, naming the config path', async () => {
  const site = copyFixture('basic');
  const config = path.join(site, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("href: 'https://example.com'", "href: 'javascript:alert(1)'"));
  await assert.rejects(buildSite(site), (error: unknown) => {
    assert.ok(error instanceof PortalError);
    assert.match(error.problems[0].message, /^navbar\.items\[4\]\.items\[0\]\.href: unsafe URL "javascript:alert\(1\)"/);
    return true;
  });
  assert.equal(fs.existsSync(path.join(site, 'dist')), false);
});

test('ids the page shell owns stay with the shell: content ids and names are renamed with a warning; an inline PNG image stays', async () => {
  const site = copyFixture('basic');
  const doc = 'content/docs/infinity/guides/second-guide.md';
  const first = append(path.join(site, doc), ['<div id="main-content">notes</div>', '<a name="__PORTAL_PAGE__">old anchor</a>', '## Route announcer', '![dot](data:image/png;base64,iVBORw0KGgo=)']);
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, summary.errors.map((e) => e.message).join('\n'));
  const warned = summary.warnings.filter((warning) => warning.file === doc).map((warning) => `${warning.line} ${warning.message}`);
  assert.deepEqual(warned, [
    `${first} <div id="main-content"> takes an id the page shell uses; it becomes "main-content-1"`,
    `${first + 2} <a name="__PORTAL_PAGE__"> takes an id the page shell uses; it becomes "__PORTAL_PAGE__-1"`,
    `${first + 4} the heading "Route announcer" would take the id "route-announcer", which the page shell uses; it gets "route-announcer-1"`,
  ]);
  const page = fs.readFileSync(path.join(site, 'dist/docs/infinity/guides/second-guide/index.html'), 'utf8');
  for (const id of ['main-content', '__PORTAL_PAGE__', 'route-announcer', 'portal-article']) {
    assert.equal(page.split(`id="${id}"`).length - 1, 1, `one element with the id ${id}`);
  }
  assert.doesNotMatch(page, /name="__PORTAL_PAGE__"/);
  assert.match(page, /id="main-content-1"/);
  assert.match(page, /<h2 id="route-announcer-1">/);
  assert.match(page, /<img src="data:image\/png;base64,iVBORw0KGgo=" alt="dot"/);
});

