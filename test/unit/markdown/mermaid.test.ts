import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';
import { guideTwin } from '../../../src/markdown-twins/guide.ts';
import { imagesBesideThePage } from '../../helpers/twin-images.ts';

const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined });
const file = '/site/content/docs/area/page.md';
const render = (markdown: string) => {
  const result = renderMarkdown(processor, markdown, file);
  return { ...result, article: renderArticle(result.hast) };
};
const twinOf = (body: string) => guideTwin({ route: '/docs/area/page', title: 'A page', body, absoluteFile: file }, { siteUrl: 'https://docs.example.test/', markdownLink: () => undefined, assetOf: () => undefined, images: imagesBesideThePage });

// A doc with one diagram of each common kind, in this project's own words.
const callFlow = ['```mermaid', '---', 'title: How a call reaches a room', '---', 'flowchart LR', '  caller[Video caller] --> edge{Edge node}', '  edge -->|admitted| room[Meeting room]', '```'].join('\n');
const joining = ['```mermaid', 'sequenceDiagram', '  participant App as Web app', '  participant Node as Conference node', '  App->>Node: ask to join', '  Node-->>App: token', '```'].join('\n');
const doc = `Intro words.\n\n${callFlow}\n\nBetween the diagrams.\n\n${joining}\n`;

describe('mermaid diagrams', () => {
  test('a flowchart and a sequence diagram are drawn as labelled inline SVG figures, with no warning', () => {
    const { article, messages } = render(doc);
    assert.deepEqual(messages, []);
    assert.doesNotMatch(article, /data-language="mermaid"|```/);
    const figures = [...article.matchAll(/<figure class="diagram"[^>]*><svg[^>]*class="mermaid"[^>]*role="img"[^>]*>[^]*?<\/svg>/g)].map((match) => match[0]);
    assert.equal(figures.length, 2);
    assert.match(figures[0], /aria-labelledby="mermaid-1-title"[^]*<title id="mermaid-1-title">How a call reaches a room<\/title>/);
    assert.match(figures[0], />Video caller<\/text>[^]*>Edge node<\/text>[^]*>Meeting room<\/text>/);
    assert.match(figures[1], /<title id="mermaid-2-title">Sequence diagram<\/title><desc id="mermaid-2-desc">[^<]*Web app[^<]*<\/desc>/);
    assert.match(figures[1], />ask to join<\/text>/);
    // Each diagram's markers are its own, and what points at them follows.
    assert.match(figures[0], /marker-end="url\(#mermaid-1-arrowhead\)"/);
    assert.match(figures[1], /<marker id="mermaid-2-seq-arrow"/);
    // Colours come from the site's stylesheet: no style, no web font fetched from outside.
    assert.doesNotMatch(article, /<style|style="|@import|googleapis/);
  });

  test('a flowchart without a direction runs top-down, and a header may end in ";", as in Mermaid', () => {
    for (const header of ['flowchart', 'graph TD;', 'flowchart LR ;']) {
      const { article, messages } = render(`\`\`\`mermaid\n${header}\n  caller --> room;\n\`\`\``);
      assert.deepEqual(messages, [], header);
      assert.match(article, /<title id="mermaid-1-title">Flowchart<\/title>[^]*>caller<\/text>/, header);
    }
  });

  test('the twin keeps each diagram as its mermaid source', () => {
    const twin = twinOf(doc);
    assert.ok(twin.includes('```mermaid\n---\ntitle: How a call reaches a room\n---\nflowchart LR\n  caller[Video caller] --> edge{Edge node}'), twin);
    assert.ok(twin.includes('```mermaid\nsequenceDiagram\n  participant App as Web app'), twin);
    assert.doesNotMatch(twin, /<svg/);
  });

  test('hostile labels reach the page as text: no script, event handler or foreignObject', () => {
    const hostile = ['```mermaid', 'flowchart TD', '  a["<script>alert(1)</script>"] --> b["<img src=x onerror=alert(2)>"]', '  b --> c["<svg onload=alert(3)><foreignObject><div>x</div></foreignObject></svg>"]', '```'].join('\n');
    const { article, messages } = render(hostile);
    assert.deepEqual(messages, []);
    assert.match(article, /<svg[^>]*class="mermaid"/);
    assert.doesNotMatch(article, /<script|<img|<foreignObject|<div/i);
    assert.doesNotMatch(article, /<[^>]*\son[a-z]+=/i);
    assert.match(article, /&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/text>/);
  });

  test('a diagram portal cannot draw is a warning at its line naming what and the fix; its code is shown', () => {
    const cases: [string, RegExp, RegExp][] = [
      ['pie title Rooms in use\n  "Busy" : 3\n  "Free" : 5', /mermaid "pie" diagram is not drawn \(portal draws flowcharts, sequence, class, state and entity relationship diagrams\)/, /draw it as an SVG file/],
      ['graph TD; caller-->room', /header line "graph TD; caller-->room" carries statements after ";"/, /put the header \(graph TD\) on a line of its own/],
      ['flowchart TD\n  caller-->room', /arrow written without spaces is read as part of the node "caller--"/, /write spaces around each arrow/],
      ['flowchart TD\n  caller --> room\n  click room "https://example.test/"', /interaction \("click room/, /remove the click line/],
      ['flowchart sideways\n  caller --> room', /flowchart's direction "sideways" is not one of TD, TB, LR, BT, RL/, /flowchart LR/],
    ];
    for (const [diagram, problem, hint] of cases) {
      const { article, messages } = render(`Intro.\n\n\`\`\`mermaid\n${diagram}\n\`\`\``);
      assert.equal(messages.length, 1, `${diagram}: ${JSON.stringify(messages)}`);
      assert.equal(messages[0].line, 3, diagram);
      assert.equal(messages[0].fatal, false, diagram);
      assert.match(messages[0].message, problem, diagram);
      assert.match(messages[0].hint ?? '', hint, diagram);
      assert.match(article, /<div class="code-block" data-language="mermaid">/, diagram);
      const firstLine = diagram.split('\n')[0].replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      assert.ok(article.includes(firstLine), diagram);
      assert.doesNotMatch(article, /class="mermaid"/, diagram);
    }
  });
});
