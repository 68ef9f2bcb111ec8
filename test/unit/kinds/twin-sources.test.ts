import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

// A kind's twin is written from its model: no kind renders its page and converts that HTML back.
// The one conversion left is twinOfHtml, for the kinds whose model is the HTML their Markdown
// made (a doc or custom page with no parse to write from).

const kinds = path.resolve(import.meta.dirname, '../../../src/kinds');
const fromTheirMarkdownHtml = new Set(['doc.ts', 'custom.ts', 'license-form.tsx']);

test('no kind makes its twin by converting its rendered body back to Markdown', () => {
  const converting: string[] = [];
  for (const file of fs.readdirSync(kinds)) {
    if (file === 'twin-parts.ts') continue;
    const source = fs.readFileSync(path.join(kinds, file), 'utf8');
    if (/twinOfMarkup/.test(source)) converting.push(`${file}: twinOfMarkup`);
    if (/twinOfHtml/.test(source) && !fromTheirMarkdownHtml.has(file)) converting.push(`${file}: twinOfHtml`);
    // A twin written from renderToStaticMarkup's output, or the kind's own body function.
    const twin = source.match(/\n {2}twin: [\s\S]*?\n {2}[a-zA-Z]+[:(]/)?.[0] ?? '';
    if (/renderToStaticMarkup|body(Html)?\(|[mM]arkup(Of)?\(|BodyHtml\(/.test(twin)) converting.push(`${file}: its twin draws its body`);
  }
  assert.deepEqual(converting, []);
});

test('the one conversion of a page body is of the HTML a Markdown source made', () => {
  const parts = fs.readFileSync(path.join(kinds, 'twin-parts.ts'), 'utf8');
  assert.doesNotMatch(parts, /twinOfMarkup/);
  assert.deepEqual([...parts.matchAll(/htmlToMarkdown\(([^,]+),/g)].map((call) => call[1]), ['page.body.html']);
});
