import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { isRuntimeId, runtimeIds } from '../../../src/shared/runtime-ids.ts';
import { repoRoot } from '../../helpers/fixtures.ts';

const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined });
const render = (markdown: string) => {
  const result = renderMarkdown(processor, markdown, '/site/content/docs/page.md', 3);
  return { ...result, html: toHtml(result.hast) };
};
const idsIn = (html: string) => [...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((match) => match[1]);

describe('ids the page shell owns are not content ids', () => {
  test('a raw <div id="main-content"> is renamed with a warning at its line; links on the page follow', () => {
    const { html, messages } = render('Intro.\n\n<div id="main-content">Notes</div>\n\n[to the notes](#main-content)');
    assert.deepEqual(idsIn(html), ['main-content-1']);
    assert.match(html, /<a href="#main-content-1">to the notes<\/a>/);
    assert.equal(messages.length, 1);
    assert.equal(messages[0].fatal, false);
    assert.equal(messages[0].line, 6);
    assert.match(messages[0].message, /<div id="main-content"> takes an id the page shell uses; it becomes "main-content-1"/);
    assert.match(messages[0].hint ?? '', /Choose another id/);
  });

  test('<a name="__PORTAL_PAGE__"> is renamed: the page data script keeps its id', () => {
    const { html, messages } = render('<a name="__PORTAL_PAGE__">old anchor</a>');
    assert.deepEqual(idsIn(html), ['__PORTAL_PAGE__-1']);
    assert.match(messages[0].message, /<a name="__PORTAL_PAGE__"> takes an id the page shell uses/);
  });

  test('a heading "Route announcer" gets the first free suffix, past a heading that already has it', () => {
    const { html, messages, toc } = render('## Route announcer\n\nSee [above](#route-announcer).\n\n## Route announcer 1');
    assert.deepEqual(idsIn(html).filter((id) => id.startsWith('route')), ['route-announcer-2', 'route-announcer-1']);
    assert.deepEqual(toc.map((entry) => entry.id), ['route-announcer-2', 'route-announcer-1']);
    assert.match(html, /<a href="#route-announcer-2">above<\/a>/);
    assert.match(html, /href="#route-announcer-2" class="hash-link"/);
    assert.equal(messages.length, 1);
    assert.equal(messages[0].line, 4);
    assert.match(messages[0].message, /the heading "Route announcer" would take the id "route-announcer", which the page shell uses; it gets "route-announcer-2"/);
    assert.match(messages[0].hint ?? '', /\{#your-id\}/);
  });

  test('an explicit heading id and a numbered runtime id are caught too', () => {
    assert.match(render('## Main {#main-content}').html, /<h2 id="main-content-1">/);
    assert.match(render('<span id="search-option-3">x</span>').html, /id="search-option-3-content-1"/);
    assert.match(render('<div id="tab-set-1-panel-0">x</div>').html, /id="tab-set-1-panel-0-1"/);
  });

  test('a name on an image, which document would expose as a property, is dropped; other ids stay', () => {
    const { html, messages } = render('<img name="getElementById" src="data:image/png;base64,AA" alt="a"> <a id="legacy-anchor" name="legacy">x</a>');
    assert.doesNotMatch(html, /getElementById/);
    assert.deepEqual(idsIn(html), ['legacy-anchor', 'legacy']);
    assert.deepEqual(messages, []);
  });
});

describe('the list of runtime ids', () => {
  // Every id the shell, the page templates, the document and the browser runtime write as a
  // literal: one missing from the list could be taken by content again.
  // (The licence form's field ids are data its template draws: `id: '…'` in src/shared/license-form.ts.)
  const sources = ['templates/Layout.tsx', 'templates/shell', 'templates/pages', 'src/render', 'src/client', 'src/shared/license-form.ts'];
  const literalId = /\bid="([^"{}$]+)"|getElementById\('([^']+)'\)|\.id ?= ?'([^']+)'|\bid: '([^']+)'/g;

  test('names every id the page shell and the runtime write', () => {
    const found = new Set<string>();
    for (const source of sources) {
      const absolute = path.join(repoRoot, source);
      const files = fs.statSync(absolute).isDirectory() ? fs.readdirSync(absolute, { recursive: true }).map((file) => path.join(absolute, String(file))) : [absolute];
      for (const file of files.filter((name) => /\.tsx?$/.test(name))) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(literalId)) found.add(match[1] ?? match[2] ?? match[3] ?? match[4]);
      }
    }
    for (const id of ['__PORTAL_PAGE__', 'main-content', 'route-announcer', 'portal-article']) assert.ok(found.has(id), `the scan finds ${id}`);
    assert.deepEqual([...found].filter((id) => !isRuntimeId(id)), []);
    assert.deepEqual(runtimeIds.filter((id) => !found.has(id)), [], 'no id in the list that nothing uses');
  });
});
