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
});
