import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { guideTwin } from '../../../src/markdown-twins/guide.ts';
import { twinOf } from '../../../src/kinds/table.ts';
import type { Page } from '../../../src/page.ts';
import type { CategoryEntry } from '../../../src/shared/page-models.ts';
import { imagesBesideThePage } from '../../helpers/twin-images.ts';

const resolvers = { siteUrl: 'https://docs.example.test/', markdownLink: () => undefined, assetOf: (file: string) => `/assets/${file.split('/').pop()}`, images: imagesBesideThePage };
const twin = (body: string) => guideTwin({ route: '/docs/area/page', title: 'A page', body, absoluteFile: '/site/content/docs/area/page.mdx' }, resolvers);
const imports = "import ThemedImage from '@theme/ThemedImage';\nimport TOCInline from '@theme/TOCInline';\nimport DocCardList from '@theme/DocCardList';\nimport Admonition from '@theme/Admonition';\n\n";

describe('Docusaurus theme components in a guide\'s twin', () => {
  test('<ThemedImage> is its light image with its alt, across lines as Prettier writes it', () => {
    const markdown = twin(`${imports}Before.\n\n<ThemedImage\n  alt="The tool wall"\n  sources={{\n    light: './wall.png',\n    dark: './wall-dark.png',\n  }}\n/>\n\nAfter.`);
    assert.match(markdown, /Before\.\n\n!\[The tool wall\]\(https:\/\/docs\.example\.test\/assets\/wall\.png\)\n\nAfter\./);
    assert.doesNotMatch(markdown, /ThemedImage|wall-dark/);
  });

  test('<TOCInline /> goes: the twin has every heading itself', () => {
    const markdown = twin(`${imports}Intro.\n\n<TOCInline toc={toc} />\n\n## Borrowing\n\nText.`);
    assert.match(markdown, /Intro\.\n\n## Borrowing\n\nText\./);
    assert.doesNotMatch(markdown, /TOCInline/);
  });

  test('<Admonition type title> is written as the same admonition in ::: form is, in either layout', () => {
    const asDirective = twin(':::warning[Return by Friday]\n\nEvery loan is due back on *Friday*.\n\n:::\n\n:::tip\n\nAsk at the counter.\n\n:::');
    // The sentence as written (*Friday*): only what the twin changes is written again.
    assert.match(asDirective, /> \*\*Warning:\*\* Return by Friday\n>\n> Every loan is due back on \*Friday\*\./);
    const oneBlock = twin(`${imports}<Admonition type="warning" title="Return by Friday">\n  Every loan is due back on *Friday*.\n</Admonition>\n\n<Admonition type="tip">\n\nAsk at the counter.\n\n</Admonition>`);
    assert.equal(oneBlock, asDirective);
    const nested = twin(`${imports}<Admonition type="info">\n\nOuter words.\n\n<Admonition type="danger" title="Sharp">\n\nInner words.\n\n</Admonition>\n\n</Admonition>`);
    assert.match(nested, /> \*\*Info\*\*\n>\n> Outer words\.\n>\n> > \*\*Danger:\*\* Sharp\n> >\n> > Inner words\./);
    assert.doesNotMatch(oneBlock + nested, /Admonition/);
  });

  test('<DocCardList /> becomes the cards its page shows, listed as a category page\'s twin lists its pages', () => {
    const body = twin(`${imports}The API has two parts.\n\n<DocCardList />`).replace(/^[^]*?\n\n(?=The API)/, '');
    const context = { root: '/site', home: [], ...resolvers };
    const doc = (docCards?: CategoryEntry[]): Page => ({ route: '/docs/area/page', kind: 'doc', title: 'A page', toc: [], body: { html: '<p>The API has two parts.</p>', docCards }, source: { file: 'content/docs/area/page.mdx' }, links: [], twin: body });
    const filled = twinOf(doc([{ title: 'Loans', href: '/docs/area/loans', description: 'Reading and creating loans.' }, { title: 'Members', href: '/docs/area/members' }]), context);
    assert.match(filled, /The API has two parts\.\n\n- \[Loans\]\(https:\/\/docs\.example\.test\/docs\/area\/loans\.md\): Reading and creating loans\.\n- \[Members\]\(https:\/\/docs\.example\.test\/docs\/area\/members\.md\)\n$/);
    assert.doesNotMatch(filled, /DocCardList|portal:doc-card-list/);
    // A page in no category shows no cards, and its twin none either.
    assert.match(twinOf(doc(undefined), context), /The API has two parts\.\n$/);
  });
});
