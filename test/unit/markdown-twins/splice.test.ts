// A guide's twin is its source as written wherever the twin changes nothing (splice.ts): the copy
// must take the source's own bytes at the parse's positions, whatever the file holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { guideTwin } from '../../../src/markdown-twins/guide.ts';
import { imagesBesideThePage } from '../../helpers/twin-images.ts';

const resolvers = {
  siteUrl: 'https://docs.example.test/',
  markdownLink: () => '/docs/area/other',
  assetOf: () => undefined,
  images: imagesBesideThePage,
  symbolRoute: (name: string) => (name === 'openDoor' ? '/docs/area/open-door' : undefined),
  checkedWith: (language: string) => (language === 'js' ? 'the door tester' : undefined),
};
const header = '# T\n\nSource: <https://docs.example.test/docs/area/page>\\\nEvery page of this site, as Markdown for assistants: <https://docs.example.test/llms.txt>\n\n';
const twinBody = (body: string) => {
  const twin = guideTwin({ route: '/docs/area/page', title: 'T', body, absoluteFile: '/site/content/docs/area/page.md' }, resolvers);
  assert.ok(twin.startsWith(header), twin);
  return twin.slice(header.length);
};

test('a hostile source keeps its bytes (its CRLF line ends become LF): tabs, characters outside the BMP, and an admonition at the end with no newline', () => {
  const body = [
    'Grüße 🎉 *first* line\r\nsecond\tline with a [link](./other.md) and 👩‍👩‍👧 after.',
    '```js\r\n\tif (open) {\r\n\t\treturn 1;\r\n\t}\r\n```',
    '* one\r\n* two 😀 *em*',
    '| a | b |\r\n|---|---|\r\n| ✓ | 1 |',
    ':::tip[Last ✓]\r\nThe end, *really*.\r\n:::',
  ].join('\r\n\r\n');
  assert.equal(
    twinBody(body),
    [
      // The link is the one thing written again in the first paragraph; the rest is as written.
      'Grüße 🎉 *first* line\nsecond\tline with a [link](https://docs.example.test/docs/area/other) and 👩‍👩‍👧 after.',
      '```js\n\tif (open) {\n\t\treturn 1;\n\t}\n```\n✓ Checked with the door tester',
      '* one\n* two 😀 *em*',
      '| a | b |\n|---|---|\n| ✓ | 1 |',
      '> **Tip:** Last ✓\n>\n> The end, *really*.\n',
    ].join('\n\n'),
  );
});

test('what cannot be copied as written is written again: a fence the file\'s end closed, a "!" before a symbol link, a block inside a list', () => {
  // Copied, the check line would be inside the unclosed block.
  assert.equal(twinBody('Run:\n\n```js\nopenDoor();'), 'Run:\n\n```js\nopenDoor();\n```\n✓ Checked with the door tester\n');
  // Copied, "!" and the link would make an image.
  assert.equal(twinBody('Now!`openDoor`'), 'Now\\![`openDoor`](https://docs.example.test/docs/area/open-door.md)\n');
  // A list with a changed link is written again, its unchanged one-line text copied.
  assert.equal(twinBody('* *a*\n* [b](./other.md)'), '- *a*\n- [b](https://docs.example.test/docs/area/other)\n');
});
