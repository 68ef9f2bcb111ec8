import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { unsafeUrl, urlScheme } from '../../../src/shared/url-scheme.ts';

const processor = createMarkdownProcessor({
  resolveMarkdownLink: () => undefined,
  resolveAsset: (src) => (src === './pic.png' ? '/assets/pic.png' : undefined),
  loadSvg: () => undefined,
});
const render = (markdown: string) => {
  const result = renderMarkdown(processor, markdown, '/site/content/docs/page.md', 4);
  return { ...result, html: toHtml(result.hast), errors: result.messages.filter((message) => message.fatal) };
};

/** Asserts one located error with a fix, and that none of the scheme reaches the page. */
function assertRefused(markdown: string, message: RegExp, scheme: RegExp) {
  const { html, errors } = render(`Intro.\n\n${markdown}`);
  assert.equal(errors.length, 1, `${markdown}: ${JSON.stringify(errors)}`);
  assert.match(errors[0].message, message, markdown);
  assert.equal(errors[0].line, 7, 'the line in the file: front matter offset plus the line in the body');
  assert.match(errors[0].hint ?? '', /a site path.* or an https:\/\/ address\.$/);
  assert.doesNotMatch(html, scheme, markdown);
}

describe('unsafe URLs in content are errors at their line, and never published', () => {
  test('a Markdown image with a javascript: source', () => {
    assertRefused('![x](javascript:alert(1))', /^unsafe image "javascript:alert\(1\)": only http\(s\), site paths and inline PNG/, /javascript/i);
  });

  test('a raw <a href="javascript:..."> is reported, not silently stripped', () => {
    assertRefused('<a href="javascript:alert(1)">run</a>', /^unsafe <a href> "javascript:alert\(1\)": only http\(s\), mailto and site paths/, /javascript/i);
  });

  test('a raw <img src="vbscript:...">', () => {
    assertRefused('<img src="vbscript:msgbox(1)" alt="v">', /^unsafe <img src> "vbscript:msgbox\(1\)"/, /vbscript/i);
  });

  test('a data:text/html link', () => {
    assertRefused('[open](data:text/html;base64,PHNjcmlwdD4=)', /^unsafe link "data:text\/html;base64,PHNjcmlwdD4="/, /data:/i);
  });

  test('an inline SVG image (it runs script when opened on its own)', () => {
    assertRefused('![s](data:image/svg+xml;base64,PHN2Zz4=)', /^unsafe image "data:image\/svg\+xml/, /data:/i);
  });

  test('entity-encoded and split schemes: &colon;, numeric references, a tab, mixed case, leading space', () => {
    assertRefused('[e](javascript&colon;alert(1))', /unsafe link "javascript:alert\(1\)"/, /javascript/i);
    assertRefused('<a href="java&#9;script&colon;alert(1)">t</a>', /unsafe <a href> "java\\tscript:alert\(1\)"/, /script:/i);
    assertRefused('<a href="&#x6A;avascript:alert(1)">t</a>', /unsafe <a href> "javascript:alert\(1\)"/, /javascript/i);
    assertRefused('<a href=" &#1;JaVaScRiPt:alert(1)">t</a>', /unsafe <a href>/, /javascript/i);
    assertRefused('![x](JAVASCRIPT:alert(1))', /unsafe image/, /javascript/i);
  });

  test('a backslash that makes a site path another host ("/\\evil.example" is "//evil.example" to a browser)', () => {
    assertRefused('<a href="/\\evil.example">t</a>', /^unsafe <a href> "\/\\\\evil\.example": it looks like a site path, but browsers open it on another host$/, /evil\.example/);
    assertRefused('<a href="\\\\evil.example/x">t</a>', /^unsafe <a href> "\\\\\\\\evil\.example\/x"/, /evil\.example/);
    assertRefused('<a href=" \\/evil.example">t</a>', /^unsafe <a href>/, /evil\.example/);
    assertRefused('<img src="/\\evil.example/pic.png" alt="p">', /^unsafe <img src> "\/\\\\evil\.example\/pic\.png"/, /evil\.example/);
    // A Markdown link percent-encodes the backslash: a path of this site, which the link check judges.
    assert.equal(unsafeUrl('link', '/%5Cevil.example'), undefined);
    assert.equal(unsafeUrl('link', '//cdn.example/x.js'), undefined, 'a plain protocol-relative URL says it is another host');
  });

  test('every URL attribute counts: srcset candidates, poster, xlink:href', () => {
    assertRefused('<img src="./pic.png" alt="p" srcset="./pic.png 1x, javascript:alert(1) 2x">', /unsafe <img srcset> "javascript:alert\(1\)"/, /javascript/i);
    assertRefused('<video src="/v.mp4" poster="data:text/html,x"></video>', /unsafe <video poster> "data:text\/html,x"/, /data:/i);
    assertRefused('<a xlink:href="javascript:alert(1)" href="/docs">t</a>', /unsafe <a xlink:href>/, /javascript/i);
  });

  test('an inline PNG image and tel: links stay, with no message', () => {
    const { html, messages } = render('![dot](data:image/png;base64,iVBORw0KGgo=) <img src="data:image/webp;base64,UklGRg==" alt="w"> <a href="tel:+4712345678">call</a>');
    assert.deepEqual(messages, []);
    assert.match(html, /<img src="data:image\/png;base64,iVBORw0KGgo=" alt="dot"/);
    assert.match(html, /<img src="data:image\/webp;base64,UklGRg==" alt="w"/);
    assert.match(html, /<a href="tel:\+4712345678"/);
  });
});

describe('the one URL rule', () => {
  test('reads the scheme as a browser does', () => {
    assert.equal(urlScheme('\u0000 \tJaVa\tScript:x'), 'javascript');
    assert.equal(urlScheme('java\nscript:x'), 'javascript');
    assert.equal(urlScheme('/docs/a:b'), undefined);
    assert.equal(urlScheme('./javascript:x'), undefined);
  });

  test('allows only raster data: images, and only where an image goes', () => {
    for (const type of ['png', 'jpeg', 'gif', 'webp', 'avif', 'PNG']) assert.equal(unsafeUrl('image', `data:image/${type};base64,AA`, { image: true }), undefined, type);
    assert.ok(unsafeUrl('link', 'data:image/png;base64,AA'), 'a data: image as a link target');
    assert.ok(unsafeUrl('image', 'data:image/svg+xml,<svg/>', { image: true }));
    assert.ok(unsafeUrl('image', 'data:image/pngx,AA', { image: true }));
    assert.ok(unsafeUrl('link', 'file:///etc/passwd'));
    for (const url of ['https://example.com', 'mailto:a@b.c', '/docs/x', '#part', 'tel:+47', 'ms-teams:x']) assert.equal(unsafeUrl('link', url), undefined, url);
  });
});
