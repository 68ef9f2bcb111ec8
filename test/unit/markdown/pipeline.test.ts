import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { isHighlightedBlock, parseCodeMeta } from '../../../src/markdown/plugins/code-blocks.ts';
import { normalizeAdmonitionSyntax } from '../../../src/markdown/plugins/admonition-syntax.ts';
import { parseSvg } from '../../../src/markdown/svg.ts';

const processor = createMarkdownProcessor({
  resolveMarkdownLink: (href) => (href.startsWith('./exists.md') ? `/docs/exists${href.includes('#') ? `#${href.split('#')[1]}` : ''}` : undefined),
  resolveAsset: (src) => (src === './pic.png' ? '/assets/pic.abc.png' : undefined),
  loadSvg: (src) => (src === './d.svg' ? parseSvg('<svg viewBox="0 0 1 1"><title>T</title><script>x()</script><rect class="d-box" onclick="x()" width="1" height="1"/></svg>') : undefined),
});
const render = (markdown: string, offset = 0) => {
  const result = renderMarkdown(processor, markdown, '/site/content/docs/page.md', offset);
  return { ...result, html: toHtml(result.hast) };
};

describe('admonitions', () => {
  test('each kind becomes an aside; titles come from [label] or the Docusaurus form', () => {
    for (const kind of ['note', 'tip', 'info', 'warning', 'danger']) {
      assert.match(render(`:::${kind}\n\nBody\n\n:::`).html, new RegExp(`<aside data-admonition="${kind}"><p>Body</p></aside>`));
    }
    assert.match(render(':::tip[Be quick]\nBody\n:::').html, /data-title="Be quick"/);
    assert.match(render(':::warning Mind the gap\nBody\n:::').html, /data-admonition="warning" data-title="Mind the gap"/);
  });

  test('an unknown kind and an unclosed block are reported at their line', () => {
    const unknown = render('Intro\n\n:::caveat\nx\n:::', 10);
    assert.equal(unknown.messages[0].line, 13);
    assert.match(unknown.messages[0].message, /unknown admonition kind ":::caveat"/);
    const unclosed = render(':::note\nnever closed\n');
    assert.match(unclosed.messages[0].message, /never closed/);
  });

  test('an unclosed directive is an error at its opening line saying how many lines it would swallow', () => {
    const tip = render('Intro\n\n:::tip\nHidden one.\n\nHidden two.\n', 4);
    const errors = tip.messages.filter((message) => message.fatal);
    assert.equal(errors.length, 1, JSON.stringify(tip.messages));
    assert.equal(errors[0].line, 7);
    assert.equal(errors[0].column, 1);
    assert.match(errors[0].message, /^`:::tip` opened here is never closed; it would swallow 3 lines after it$/);
    assert.match(errors[0].hint ?? '', /add a line holding only `:::`/);
    // The inner block ended by its parent's fence, a tab set's tab, a block cut off by the end of its quote.
    const inner = render(':::note\n:::tip\nx\n:::\n').messages.filter((message) => message.fatal);
    assert.deepEqual(inner.map((message) => [message.line, message.message.slice(0, 8)]), [[2, '`:::tip`']]);
    assert.match(render('::::tabs\n:::tab[A]\nx\n::::\n').messages.find((message) => message.fatal)?.message ?? '', /^`:::tab` opened here is never closed; it would swallow 1 line after it/);
    assert.match(render('::::tabs\n:::tab[A]\nx\n:::\n').messages.find((message) => message.fatal)?.message ?? '', /^`::::tabs` opened here is never closed/);
    assert.ok(render('> :::note\n> x\n\nAfter.').messages.some((message) => message.fatal));
  });

  test('closed directives, nested, indented or quoted, raise nothing', () => {
    for (const markdown of [':::note\nx\n:::', '::::tabs\n:::tab[A]\nx\n:::\n:::tab[B]\ny\n:::\n::::', '- item\n\n  :::note\n  x\n  :::\n', '> :::tip\n> x\n> :::\n', ':::note\nx\n::::\n']) {
      assert.deepEqual(render(markdown).messages.filter((message) => message.fatal), [], markdown);
    }
  });

  test('the Docusaurus title form is not rewritten inside code fences', () => {
    const text = '```md\n:::tip Title\n```';
    assert.equal(normalizeAdmonitionSyntax(text), text);
  });

  test('colons in running text stay text', () => {
    assert.match(render('Meet at 10:30am, see Note:this and :smile:.').html, /<p>Meet at 10:30am, see Note:this and :smile:\.<\/p>/);
  });
});

describe('code blocks', () => {
  test('are highlighted at build time, split into lines, with title and highlighted lines', () => {
    const { html } = render('```ts title="app.ts" {2}\nconst a = 1;\nconst b: string = "x";\n```');
    assert.match(html, /<pre data-language="ts" data-title="app\.ts"><code class="hljs language-ts">/);
    assert.match(html, /<span class="line"><span class="hljs-keyword">const<\/span> a = <span class="hljs-number">1<\/span>;<\/span>/);
    assert.match(html, /<span class="line line-highlighted">/);
  });

  test('Kotlin, Swift, HTTP, YAML, JSON, bash, TSX and Groovy are highlighted', () => {
    for (const language of ['kotlin', 'swift', 'yaml', 'json', 'bash', 'tsx', 'groovy', 'typescript', 'javascript']) {
      const { html, messages } = render(`\`\`\`${language}\nval x = "a" // c\n\`\`\``);
      assert.equal(messages.length, 0, language);
      assert.match(html, /hljs-/, language);
    }
    {
      const language = 'http';
      const { html, messages } = render('```http\nGET /v1/meetings HTTP/1.1\nAuthorization: Bearer abc\n```');
      assert.equal(messages.length, 0, language);
      assert.match(html, /hljs-/, language);
    }
  });

  test('an unknown language is shown plain with a warning', () => {
    const { html, messages } = render('```brainfk\n+++\n```');
    assert.match(messages[0].message, /language "brainfk" is not known/);
    assert.equal(messages[0].fatal, false);
    assert.match(html, /<code class="hljs"><span class="line">\+\+\+<\/span><\/code>/);
  });

  test('the plugins after highlighting skip its blocks, but not what stands around and between them', () => {
    const markdown = ['```ts', 'const a = 1;', '```', '', '| a | b |', '|---|---|', '| [x](./exists.md) | ![P](./pic.png) |', '', '```ts', 'const b = 2;', '```', '', '[gone](./missing.md)'].join('\n');
    const { html, hast, links, messages } = render(markdown);
    const blocks = hast.children.filter((node) => node.type === 'element' && node.tagName === 'pre');
    assert.equal(blocks.length, 2);
    assert.ok(blocks.every((block) => block.type === 'element' && isHighlightedBlock(block)), 'both blocks are known to the later plugins');
    assert.equal((html.match(/<span class="line">/g) ?? []).length, 2);
    assert.match(html, /<div class="table-wrapper" tabindex="0"><table>/);
    assert.match(html, /<a href="\/docs\/exists">x<\/a>/);
    assert.match(html, /<span class="zoomable"><img src="\/assets\/pic\.abc\.png"/);
    // The missing file's link is collected too, with its place: the link check judges it by onBrokenMarkdownLinks and onBrokenLinks.
    assert.deepEqual(links.map((link) => link.href), ['/docs/exists', './missing.md']);
    assert.match(messages.map((message) => message.message).join('\n'), /"\.\/missing\.md" points to a Markdown file that does not exist/);
  });

  test('the info string parser reads titles, ranges and fragment markers', () => {
    const meta = parseCodeMeta('title="a b.ts" {1,3-4} fragment="one method"');
    assert.equal(meta.title, 'a b.ts');
    assert.deepEqual([...meta.highlightedLines], [1, 3, 4]);
    assert.equal(meta.fragment, 'one method');
  });
});

describe('headings and TOC', () => {
  test('headings get GitHub-style ids, a hash link, and TOC entries', () => {
    const { html, toc } = render('## Join with a PIN\n\n### Set `pin`\n\n###### Deep');
    assert.match(html, /<h2 id="join-with-a-pin">Join with a PIN<a href="#join-with-a-pin" class="hash-link" aria-label="Direct link to Join with a PIN" data-markdown-ignore="">#<\/a><\/h2>/);
    assert.deepEqual(toc.map((entry) => [entry.depth, entry.id, entry.text]), [
      [2, 'join-with-a-pin', 'Join with a PIN'],
      [3, 'set-pin', 'Set pin'],
      [6, 'deep', 'Deep'],
    ]);
  });

  test('a leading h1 becomes the title and leaves the body', () => {
    const { leadingTitle, html } = render('# The title\n\nText');
    assert.equal(leadingTitle, 'The title');
    assert.doesNotMatch(html, /<h1/);
  });
});

describe('links and images', () => {
  test('relative .md links become routes, keeping the anchor; links are collected with positions', () => {
    const { html, links } = render('See [x](./exists.md#part) and [y](/docs/abs).', 4);
    assert.match(html, /href="\/docs\/exists#part"/);
    assert.deepEqual(links, [
      { href: '/docs/exists#part', line: 5, column: 5 },
      { href: '/docs/abs', line: 5, column: 31 },
    ]);
  });

  test('a link to a missing .md file only warns, with its line', () => {
    const { messages } = render('\n[x](./missing.md)');
    assert.equal(messages[0].fatal, false);
    assert.equal(messages[0].line, 2);
    assert.match(messages[0].message, /does not exist/);
  });

  test('unsafe schemes are errors and never reach the page', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:x', 'data:text/html,x']) {
      const { html, messages } = render(`[x](${href})`);
      assert.equal(messages[0].fatal, true, href);
      assert.doesNotMatch(html, /javascript:|vbscript:|data:/i);
    }
  });

  test('raw HTML in Markdown is not rendered', () => {
    const { html } = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    assert.doesNotMatch(html, /<script|onerror/);
  });

  test('local SVGs are inlined without script or handlers; missing images are errors', () => {
    const { html } = render('![Diagram of the flow](./d.svg)');
    assert.match(html, /<figure class="diagram" tabindex="0"><svg viewBox="0 0 1 1" role="img" aria-label="Diagram of the flow"><title>T<\/title><rect class="d-box" width="1" height="1"><\/rect><\/svg><button type="button" class="zoom-button" data-zoom="" aria-label="Enlarge diagram: Diagram of the flow">/);
    assert.doesNotMatch(html, /<p>\s*<figure/, 'a figure takes the place of the paragraph the image stood in');
    assert.match(render('![Pic](./pic.png)').html, /<span class="zoomable"><img src="\/assets\/pic\.abc\.png" alt="Pic" loading="lazy" decoding="async"><button type="button" class="zoom-button" data-zoom="" aria-label="Enlarge image: Pic">/);
    const missing = render('![Gone](./gone.png)');
    assert.equal(missing.messages[0].fatal, true);
    assert.match(missing.messages[0].message, /image "\.\/gone\.png" not found/);
  });
});

describe('limits', () => {
  test('a list nested 10,000 levels deep is refused with a message, not a stack overflow', () => {
    const deep = Array.from({ length: 10_000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    const { messages } = render(deep);
    assert.equal(messages[0].fatal, true);
    assert.match(messages[0].message, /nested 10000 levels deep/);
  });

  test('raw HTML nested 10,000 levels deep is refused where it goes past the limit, not a stack overflow', () => {
    const { messages } = render(`Intro.\n\n${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}\n`);
    const fatal = messages.filter((message) => message.fatal);
    assert.equal(fatal.length, 1, 'said once');
    assert.match(fatal[0].message, /^HTML nested deeper than 200 levels: this <div> opens level 201$/);
    assert.deepEqual([fatal[0].line, fatal[0].column], [3, 1001]);
  });

  test('raw HTML nested within the limit renders', () => {
    const { html, messages } = render(`${'<div>'.repeat(150)}deep text${'</div>'.repeat(150)}\n`);
    assert.deepEqual(messages.filter((message) => message.fatal), []);
    assert.match(html, /(<div>){150}deep text/);
  });

  test('GFM tables get a focusable scroll wrapper', () => {
    assert.match(render('| a |\n| - |\n| 1 |').html, /<div class="table-wrapper" tabindex="0"><table>/);
  });
});
