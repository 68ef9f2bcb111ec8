import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFrontMatter } from '../../../src/content/front-matter.ts';
import { Diagnostics } from '../../../src/errors.ts';

const parse = (source: string) => {
  const diagnostics = new Diagnostics();
  const result = parseFrontMatter(source, 'page.md', diagnostics);
  return { ...result, diagnostics };
};

describe('front matter', () => {
  test('reads the Docusaurus keys and tells where the body starts', () => {
    const { frontMatter, body, bodyLineOffset, diagnostics } = parse('---\ntitle: Join\nsidebar_position: 3\nkeywords: [a, b]\n---\n\nHello\n');
    assert.deepEqual(frontMatter, { title: 'Join', sidebar_position: 3, keywords: ['a', 'b'] });
    assert.equal(body, '\nHello\n');
    assert.equal(bodyLineOffset, 5);
    assert.equal(diagnostics.problems.length, 0);
  });

  test('malformed YAML is an error with the file line', () => {
    const { diagnostics } = parse('---\ntitle: Join\ndescription: a: b: c\n---\nBody');
    assert.equal(diagnostics.errors.length, 1);
    assert.equal(diagnostics.errors[0].line, 3);
    assert.match(diagnostics.errors[0].message, /not valid YAML/);
  });

  test('a wrong type names the key, its line, the value and the fix', () => {
    const { diagnostics } = parse('---\ntitle: Join\nsidebar_position: "first"\n---\nBody');
    const [error] = diagnostics.errors;
    assert.equal(error.line, 3);
    assert.match(error.message, /"sidebar_position".*number.*"first"/);
    assert.match(error.hint ?? '', /without quotes/);
  });

  test('a refused slug is an error at its line, and only the slug is dropped: the title and the rest stay', () => {
    const { frontMatter, slugAt, diagnostics } = parse('---\ntitle: Join\ndescription: How to join\nslug: ../../escape\nsidebar_position: 2\n---\nBody');
    assert.equal(diagnostics.errors.length, 1);
    assert.equal(diagnostics.errors[0].line, 4);
    assert.match(diagnostics.errors[0].message, /^front matter "slug": it has a "\.\." segment/);
    assert.deepEqual(frontMatter, { title: 'Join', description: 'How to join', sidebar_position: 2 });
    assert.equal(slugAt, undefined, 'no route is made of a refused slug');
  });

  test('a slug says where it is written, so a problem with its route is reported there', () => {
    assert.deepEqual(parse('---\ntitle: Join\nslug: /guides/join\n---\nBody').slugAt, { line: 3, column: 1 });
  });

  test('an unknown key is a warning with the closest known key', () => {
    const { frontMatter, diagnostics } = parse('---\ntitle: Join\nsidebar_postion: 2\n---\nBody');
    assert.equal(diagnostics.errors.length, 0);
    assert.equal(diagnostics.warnings.length, 1);
    assert.equal(diagnostics.warnings[0].line, 3);
    assert.match(diagnostics.warnings[0].hint ?? '', /Did you mean "sidebar_position"\?/);
    assert.equal(frontMatter.title, 'Join');
  });

  test('an unclosed block is an error; a page without front matter is fine', () => {
    assert.match(parse('---\ntitle: x\n').diagnostics.errors[0].message, /not closed/);
    const plain = parse('# Title\n\nText');
    assert.equal(plain.diagnostics.problems.length, 0);
    assert.equal(plain.body, '# Title\n\nText');
  });

  test('a NUL in the title, written raw or as a YAML escape, is an error naming the key, its line and the fix', () => {
    for (const title of ['Join\u0000now', '"Join\\0now"']) {
      const { frontMatter, diagnostics } = parse(`---\nid: join\ntitle: ${title}\n---\nBody`);
      assert.equal(diagnostics.errors.length, 1, title);
      const [error] = diagnostics.errors;
      assert.equal(error.line, 3, title);
      assert.equal(error.column, 8, title);
      assert.match(error.message, /front matter "title" holds U\+0000, a control character, which would reach the page's <title>/);
      assert.match(error.hint ?? '', /Delete the character/);
      assert.deepEqual(frontMatter, {}, 'the page is not built with it');
    }
  });

  test('a BEL, a C1 control or half a surrogate pair in any string key is an error at its own line', () => {
    const { diagnostics } = parse('---\ntitle: Ring \u0007 bell\ndescription: fine\nkeywords:\n  - one\n  - "two\\x85"\nsidebar_label: "\\ud800"\n---\nBody');
    assert.deepEqual(
      diagnostics.errors.map((error) => [error.line, /"(\w+)" holds (U\+\w+)/.exec(error.message)?.slice(1).join(' ')]),
      [[2, 'title U+0007'], [6, 'keywords U+0085'], [7, 'sidebar_label U+D800']],
    );
    assert.match(diagnostics.errors[2].message, /half of a surrogate pair/);
  });

  test('tabs, line breaks of a folded block (CRLF too) and emoji are not control characters', () => {
    const { frontMatter, diagnostics } = parse('---\r\ntitle: "Tab\there 😀"\r\ndescription: >\r\n  two\r\n  lines\r\n---\r\nBody');
    assert.equal(diagnostics.problems.length, 0);
    assert.equal(frontMatter.title, 'Tab\there 😀');
    assert.equal(frontMatter.description, 'two lines\n');
  });
});

describe('front matter dates', () => {
  test('date and last_update are read as ISO times in UTC: a day is its midnight, a zone is applied', () => {
    const { frontMatter, diagnostics } = parse('---\ndate: 2025-03-14\nlast_update:\n  date: 2025-04-01T09:30:00+02:00\n  author: Jane Writer\n---\nBody');
    assert.deepEqual(frontMatter, { date: '2025-03-14T00:00:00Z', last_update: { date: '2025-04-01T07:30:00Z', author: 'Jane Writer' } });
    assert.equal(diagnostics.problems.length, 0);
    assert.deepEqual(parse('---\nlast_update: { author: Jane Writer }\n---\n').frontMatter, { last_update: { author: 'Jane Writer' } }, 'either part alone');
  });

  test('a date that is not one is an error at its own line, naming the value and the form to write', () => {
    for (const [value, line] of [['2025-02-30', 3], ['14 March 2025', 3], ['2025-03-14T09:30', 3]] as const) {
      const { diagnostics } = parse(`---\ntitle: T\ndate: ${value}\n---\n`);
      assert.equal(diagnostics.errors.length, 1, value);
      assert.equal(diagnostics.errors[0].line, line, value);
      assert.match(diagnostics.errors[0].message, new RegExp(`front matter "date": not a date \\(got "${value}"\\)`), value);
      assert.match(diagnostics.errors[0].hint!, /YYYY-MM-DD/);
    }
  });

  test('last_update: a bad date points at the nested key; a non-string author and an unknown part are errors', () => {
    const nested = parse('---\ntitle: T\nlast_update:\n  author: Jane\n  date: yesterday\n---\n').diagnostics.errors;
    assert.deepEqual(nested.map((error) => [error.line, error.message]), [[5, 'front matter "last_update.date": not a date (got "yesterday")']]);
    const author = parse('---\nlast_update:\n  author: 42\n---\n').diagnostics.errors;
    assert.deepEqual(author.map((error) => [error.line, error.message.replace(/:.*?\(/, ': (')]), [[3, 'front matter "last_update.author": (got 42)']]);
    const unknown = parse('---\nlast_update:\n  data: 2025-03-14\n---\n').diagnostics.errors;
    assert.equal(unknown.length, 1);
    assert.equal(unknown[0].line, 2);
    assert.match(unknown[0].message, /last_update.*data/);
    assert.match(unknown[0].hint!, /last_update: \{ date: .*author: /);
  });
});
