import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Root } from 'mdast';
import { unified } from 'unified';
import { ParseMemory } from '../../../src/markdown/reparse.ts';
import { markdownSyntax } from '../../../src/markdown/syntax.ts';

// The judge is the parser itself: every tree the memory hands out must equal a parse of the
// whole text, positions included. test/content/reparse-docs.test.ts edits the site's docs and a
// Docusaurus site's.
const processor = unified().use(markdownSyntax).freeze();
const parseText = (text: string) => processor.parse(text) as Root;

/** Parses `before` into a fresh memory, then `after`; asserts the result is the full parse of `after`, and says how much was parsed. */
function reparsed(before: string, after: string, memory = new ParseMemory()): number {
  memory.parse('doc.md', before, parseText);
  const { tree, parsed } = memory.parse('doc.md', after, parseText);
  assert.deepEqual(tree, parseText(after));
  return parsed.to - parsed.from;
}

const page = [
  '# Joining a meeting',
  '',
  'Open the app and sign in with your account.',
  '',
  '## Steps',
  '',
  '- Pick the meeting.',
  '- Press **Join**.',
  '',
  'When you are in, the call starts.',
  '',
  ':::tip Before you start',
  '',
  'Check your camera.',
  '',
  ':::',
  '',
  '| Key | Action |',
  '| --- | ------ |',
  '| M | Mute |',
  '',
  '```ts',
  'const call = await join();',
  '',
  'call.mute();',
  '```',
  '',
  '1. First',
  '2. Second',
  '',
  'The end of the page.',
  '',
].join('\n');

const replace = (text: string, from: string, to: string) => {
  assert.ok(text.includes(from), `the page holds ${JSON.stringify(from)}`);
  return text.replace(from, to);
};

describe('ParseMemory', () => {
  test('an edit at the end parses only the last block', () => {
    const after = `${page}\nOne more line.\n`;
    assert.ok(reparsed(page, after) < 60);
  });

  test('an edit in the middle parses the blocks around it, and moves the ones after it', () => {
    const after = replace(page, 'When you are in', 'Once you are in,\nand after a moment,');
    assert.ok(reparsed(page, after) < page.length / 2);
  });

  test('a save that changes nothing hands back a copy of the same tree', () => {
    const memory = new ParseMemory();
    const first = memory.parse('doc.md', page, parseText).tree;
    const second = memory.parse('doc.md', page, parseText);
    assert.equal(second.parsed.to - second.parsed.from, 0);
    assert.deepEqual(second.tree, first);
    assert.notEqual(second.tree, first);
  });

  test('a tree handed out can be changed without changing the next one', () => {
    const memory = new ParseMemory();
    memory.parse('doc.md', page, parseText).tree.children.length = 0;
    const { tree } = memory.parse('doc.md', `${page}\nMore.\n`, parseText);
    assert.deepEqual(tree, parseText(`${page}\nMore.\n`));
  });

  // Each edit changes how the text around it parses; the result must still be the full parse.
  const edits: [string, string, string][] = [
    ['a paragraph becomes an item of the list before it', 'When you are in, the call starts.', '- When you are in, the call starts.'],
    ['a paragraph is indented under the list before it', 'When you are in, the call starts.', '  When you are in, the call starts.'],
    ['a blank line between two blocks goes', '- Press **Join**.\n\nWhen', '- Press **Join**.\nWhen'],
    ['a blank line splits a paragraph', 'Open the app and sign in', 'Open the app\n\nand sign in'],
    ['a fence is opened and not closed', 'When you are in, the call starts.', '```\nWhen you are in, the call starts.'],
    ['a fence loses its closing line', 'call.mute();\n```', 'call.mute();'],
    ['a `:::` is opened and not closed', 'Open the app and sign in with your account.', ':::note\nOpen the app and sign in with your account.'],
    ['a `:::` loses its closing line', 'Check your camera.\n\n:::\n', 'Check your camera.\n\n'],
    ['an HTML comment is opened and not closed', 'When you are in, the call starts.', '<!-- When you are in, the call starts.'],
    ['a line becomes a setext underline', 'Open the app and sign in with your account.\n', 'Open the app and sign in with your account.\n===\n'],
    ['a table gains a row', '| M | Mute |', '| M | Mute |\n| V | Video |'],
    ['text inside an admonition changes', 'Check your camera.', 'Check your camera and microphone.'],
    ['indented code follows a blank line', 'The end of the page.', '    indented code\n\nThe end of the page.'],
    ['an ordered list grows', '2. Second', '2. Second\n3. Third'],
    ['the first line changes', '# Joining a meeting', '# Joining a call'],
    ['the first line becomes an item', '# Joining a meeting', '- Joining a meeting'],
    ['a paragraph becomes a heading', 'When you are in, the call starts.', '### When you are in'],
    ['everything goes', page, ''],
    ['a definition is added (the whole text is parsed)', 'The end of the page.', 'The end of the [page][p].\n\n[p]: https://example.com'],
  ];
  for (const [name, from, to] of edits) {
    test(`${name}: the same tree as a full parse, both ways`, () => {
      const after = replace(page, from, to);
      reparsed(page, after);
      reparsed(after, page);
    });
  }

  test('CR line ends are parsed whole', () => {
    const crlf = page.replace(/\n/g, '\r\n');
    assert.equal(reparsed(crlf, `${crlf}More.\r\n`), crlf.length + 7);
  });

  test('holds the last parse of a bounded number of files', () => {
    const memory = new ParseMemory(2);
    for (const name of ['a.md', 'b.md', 'c.md']) memory.parse(name, page, parseText);
    assert.equal(memory.parse('a.md', page, parseText).parsed.to, page.length, 'the oldest was let go');
    assert.equal(memory.parse('c.md', page, parseText).parsed.to, 0);
  });
});
