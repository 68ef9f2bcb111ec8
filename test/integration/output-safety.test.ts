import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
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
    .filter((file) => /\.(html|json)$/.test(file) && !file.startsWith('pagefind') && file !== 'routes.json')
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
      .replace("{ type: 'search', position: 'right' },", `{ type: 'search', position: 'right' },\n      { type: 'html', value: ${JSON.stringify(`<b>ok</b>${attack}<a href="javascript:alert(4)">x</a>`)}, position: 'right' },`)
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
