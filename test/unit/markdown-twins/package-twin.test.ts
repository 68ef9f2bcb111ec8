import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JSONOutput } from 'typedoc';
import { markdownOf } from '../../../src/markdown-twins/mdast-nodes.ts';
import { packageTwin } from '../../../src/markdown-twins/package-twin.ts';
import type { CommentHtml, PackagePageModel, ReferenceContext } from '../../../src/shared/package-reference.ts';

type Declaration = JSONOutput.DeclarationReflection;

const target = { route: '/docs/garden/kettle/classes/Kettle', siteUrl: 'https://garden.example' };
const versionLine = { name: '@garden/kettle', version: '2.0.0', href: '/docs/garden/kettle' };
const noComment: CommentHtml = { throws: [], other: [], examples: [] };
const comments = new Map<unknown, CommentHtml>();
const commented = (parts: Partial<CommentHtml>): JSONOutput.Comment => {
  const comment = { summary: [{ kind: 'text', text: String(comments.size) }] } as JSONOutput.Comment;
  comments.set(comment, { ...noComment, ...parts });
  return comment;
};
const context: ReferenceContext = {
  resolve: (type) => (type.name === 'Cup' ? '/docs/garden/kettle/interfaces/Cup' : undefined),
  comment: (comment) => (comment ? comments.get(comment)! : noComment),
  source: () => ({ href: 'https://unpkg.example/@garden/kettle@2.0.0/index.d.ts', label: 'index.d.ts, line 3' }),
  anchor: (name) => name,
  summary: (declaration) => (declaration.name === 'litres' ? 'How much it holds.' : undefined),
  marks: (symbol) => (symbol === 'Kettle.pour' ? [{ label: 'since 2.0.0', href: '/docs/garden/kettle/changelog#v2-0-0' }] : []),
};

const cup: JSONOutput.SomeType = { type: 'reference', name: 'Cup', package: '@garden/kettle' } as JSONOutput.SomeType;
const kettle = {
  id: 1,
  name: 'Kettle',
  kind: 128,
  flags: {},
  comment: commented({ summary: '<p>Boils <em>water</em>.</p>', deprecated: '<p>Use a <code>Samovar</code>.</p>' }),
  children: [
    { id: 2, name: 'litres', kind: 1024, flags: { isOptional: true, isReadonly: true }, type: { type: 'intrinsic', name: 'number' }, comment: commented({ summary: '<p>How much it holds.</p>', defaultValue: '<p><strong>Default:</strong> <code>3</code></p>' }) },
    {
      id: 3,
      name: 'pour',
      kind: 2048,
      flags: {},
      signatures: [
        {
          id: 4,
          name: 'pour',
          kind: 4096,
          flags: {},
          comment: commented({ summary: '<p>Pours a cup.</p>', returns: '<p>The cup, full.</p>' }),
          parameters: [{ id: 5, name: 'into', kind: 32768, flags: {}, type: cup, comment: commented({ summary: '<p>Which cup.</p>' }) }],
          type: cup,
        },
      ],
    },
  ],
} as unknown as Declaration;

const twinOf = (model: PackagePageModel) => markdownOf(packageTwin(model, context, target));

test("a class page's twin: its declaration, comment, member table, then each member under its heading with its badges and marks", () => {
  const twin = twinOf({ versionLine, page: 'declaration', declaration: kettle, kindLabel: 'class', tables: { links: {}, comments: {}, marks: {} } });
  assert.equal(
    twin,
    [
      'Package: [`@garden/kettle@2.0.0`](https://garden.example/docs/garden/kettle.md)',
      '```ts\nclass Kettle\n```',
      '> **Deprecated**\n>\n> Use a `Samovar`.',
      'Boils _water_.',
      'Declared in [index.d.ts, line 3](https://unpkg.example/@garden/kettle@2.0.0/index.d.ts)',
      '## Members',
      [
        '| Member                                                                         | Type                 | Description        |',
        '| ------------------------------------------------------------------------------ | -------------------- | ------------------ |',
        '| [`litres`](https://garden.example/docs/garden/kettle/classes/Kettle.md#litres) | `number`             | How much it holds. |',
        '| [`pour`](https://garden.example/docs/garden/kettle/classes/Kettle.md#pour)     | `(into: Cup) => Cup` |                    |',
      ].join('\n'),
      '## Properties',
      '### `litres` optional readonly',
      '```ts\nlitres?: number\n```',
      'How much it holds.',
      '**Default:** `3`',
      '## Methods',
      '### `pour` [since 2.0.0](https://garden.example/docs/garden/kettle/changelog.md#v2-0-0)',
      '```ts\npour(into: Cup): Cup\n```',
      'Pours a cup.',
      '- `into`\n\n  Which cup.',
      '**Returns**',
      'The cup, full.',
      'Declared in [index.d.ts, line 3](https://unpkg.example/@garden/kettle@2.0.0/index.d.ts)',
    ].join('\n\n'),
  );
});

test('an enum page lists each member with its value and its comment in one cell', () => {
  const season = {
    id: 10,
    name: 'Season',
    kind: 8,
    flags: {},
    children: [{ id: 11, name: 'Spring', kind: 16, flags: {}, type: { type: 'literal', value: 'spring' }, comment: commented({ summary: '<p>When seeds go in.</p><p>Mind the <em>frost</em>.</p>' }) }],
  } as unknown as Declaration;
  assert.match(twinOf({ versionLine, page: 'enum', declaration: season, tables: { links: {}, comments: {}, marks: {} } }), /\| `Spring` \| `"spring"` \| When seeds go in\. Mind the _frost_\. \|/);
});

test("a group page shows each export under a heading of its name, a type alias as its declaration", () => {
  const alias = { id: 20, name: 'Brew', kind: 2097152, flags: {}, type: { type: 'union', types: [cup, { type: 'intrinsic', name: 'undefined' }] }, comment: commented({ summary: '<p>What a pot gives.</p>' }) } as unknown as Declaration;
  const twin = twinOf({ versionLine, page: 'module-group', group: { id: 'type-aliases', title: 'Type aliases', members: [alias] }, tables: { links: {}, comments: {}, marks: {} } });
  assert.match(twin, /\n## `Brew`\n\n```ts\ntype Brew = Cup \| undefined\n```\n\nWhat a pot gives\.\n\nDeclared in /);
});

test("a member heading reads the same on the page and in the twin: its name, then each badge after a space", async () => {
  const { renderToStaticMarkup } = await import('react-dom/server');
  const { createElement } = await import('react');
  const { DeclarationPage } = await import('../../../templates/reference/PackageReference.tsx');
  const html = renderToStaticMarkup(createElement(DeclarationPage, { declaration: kettle, kindLabel: 'class', context }));
  const pageHeading = /<h3 id="litres">([\s\S]*?)<\/h3>/.exec(html)?.[1].replace(/<[^>]+>/g, '').replace(/#$/, '').trim();
  const twin = twinOf({ versionLine, page: 'declaration', declaration: kettle, kindLabel: 'class', tables: { links: {}, comments: {}, marks: {} } });
  const twinHeading = /^### (.*litres.*)$/m.exec(twin)?.[1].replace(/`/g, '').trim();
  assert.equal(pageHeading, 'litres optional readonly');
  assert.equal(twinHeading, pageHeading);
});
