import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { twinFilesOf, twinUrl } from '../../../src/markdown-twins/absolute-links.ts';
import { guideTwin } from '../../../src/markdown-twins/guide.ts';
import { htmlToMarkdown } from '../../../src/markdown-twins/html-to-markdown.ts';
import { imagesBesideThePage } from '../../helpers/twin-images.ts';

const resolvers = {
  siteUrl: 'https://docs.example.test/',
  markdownLink: (href: string, from: string) => {
    const [file, hash] = href.split('#');
    return path.resolve(path.dirname(from), file) === '/site/content/docs/area/other.md' ? `/docs/area/other${hash ? `#${hash}` : ''}` : undefined;
  },
  assetOf: (file: string) => (file === '/site/content/docs/area/img/flow.svg' ? '/assets/flow.1234.svg' : undefined),
  images: imagesBesideThePage,
};
const twin = (body: string, description?: string) => guideTwin({ route: '/docs/area/page', title: 'A page', description, body, absoluteFile: '/site/content/docs/area/page.md' }, resolvers);

describe('guide twins', () => {
  test('front matter becomes the title and a summary, then the page\'s URL and llms.txt; a leading "# Title" is not repeated', () => {
    assert.equal(
      twin('# A page\n\nText.', 'What it is\nabout.'),
      '# A page\n\n> What it is about.\n\nSource: <https://docs.example.test/docs/area/page>\\\nEvery page of this site, as Markdown for assistants: <https://docs.example.test/llms.txt>\n\nText.\n',
    );
  });

  test('an HTML comment, hidden on the page, is not in the twin either; other raw HTML stays', () => {
    const markdown = twin('Swaps the track.\n  <!-- claim: some-id, held by a test -->\n\n<kbd>Ctrl</kbd> works.');
    assert.doesNotMatch(markdown, /claim: some-id/);
    assert.match(markdown, /Swaps the track\./);
    assert.match(markdown, /<kbd>Ctrl<\/kbd> works\./);
  });

  test('admonitions become labelled blockquotes, titled in either syntax', () => {
    assert.match(twin(':::warning[Mind the gap]\nStep back.\n:::'), /> \*\*Warning:\*\* Mind the gap\n>\n> Step back\./);
    assert.match(twin(':::tip Be quick\nNow.\n:::'), /> \*\*Tip:\*\* Be quick\n>\n> Now\./);
    assert.match(twin(':::note\nPlain.\n:::'), /> \*\*Note\*\*\n>\n> Plain\./);
    assert.doesNotMatch(twin(':::note\nPlain.\n:::'), /:::/);
  });

  test('a tab set becomes its tabs one after another, each under its label; an admonition inside a tab stays one', () => {
    const markdown = twin(':::::tabs{group="code-language"}\n::::tab[Python]{value="python"}\nRun `pip install`.\n::::\n::::tab[Go]{value="go"}\n:::note\nGo needs 1.22.\n:::\n::::\n:::::');
    assert.match(markdown, /\*\*Python\*\*\n\nRun `pip install`\.\n\n\*\*Go\*\*\n\n> \*\*Note\*\*\n>\n> Go needs 1\.22\./);
    assert.doesNotMatch(markdown, /:::/);
  });

  test('nested tab sets, in either form, become their tabs under their labels; theme imports go', () => {
    const expected = /^\*\*Android\*\*\n\n\*\*Kotlin\*\*\n\nKotlin words\.\n\n\*\*Java\*\*\n\nJava words\.\n\n\*\*iOS\*\*\n\nSwift words\.$/m;
    const directives = twin('::::::tabs{group="platform"}\n:::::tab[Android]{value="android"}\n::::tabs{group="code-language"}\n:::tab[Kotlin]{value="kotlin"}\nKotlin words.\n:::\n:::tab[Java]{value="java"}\nJava words.\n:::\n::::\n:::::\n:::::tab[iOS]{value="ios"}\nSwift words.\n:::::\n::::::');
    assert.match(directives, expected);
    const components = twin(
      [
        "import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';", '',
        '<Tabs groupId="platform">', '<TabItem value="android" label="Android">', '',
        "<Tabs values={[{label: 'Kotlin', value: 'kotlin'}, {label: 'Java', value: 'java'}]}>", '<TabItem value="kotlin">', '', 'Kotlin words.', '', '</TabItem>', '<TabItem value="java">', '', 'Java words.', '', '</TabItem>', '</Tabs>', '',
        '</TabItem>', '<TabItem value="ios" label="iOS">', '', 'Swift words.', '', '</TabItem>', '</Tabs>',
      ].join('\n'),
    );
    assert.match(components, expected);
    assert.doesNotMatch(components, /import|<\/?Tab/);
  });

  test('a tab set whose tags span lines (as Prettier writes them) becomes its tabs under their labels, with no trace of the tags', () => {
    const markdown = twin(['<Tabs', '  defaultValue="fig"', "  values={[{ label: 'Fig', value: 'fig' }, { label: 'Pear', value: 'pear' }]}", '>', '<TabItem', '  value="fig"', '>', '', 'Fig words.', '', '</TabItem>', '<TabItem value="pear">', '', 'Pear words.', '', '</TabItem>', '</Tabs>'].join('\n'));
    assert.match(markdown, /^\*\*Fig\*\*\n\nFig words\.\n\n\*\*Pear\*\*\n\nPear words\.$/m);
    assert.doesNotMatch(markdown, /<!--|<\/?Tab|values/);
  });

  test('an image size written after an image is layout, not text: the twin leaves it out', () => {
    assert.match(twin('![Chart](https://img.example/c.png){width=640 height=360} and text.'), /^!\[Chart\]\(https:\/\/img\.example\/c\.png\) and text\.$/m);
  });

  test('relative, root-relative and fragment links become absolute URLs; a missing file stays as written', () => {
    const markdown = twin('[o](./other.md#x) [r](/docs/b) [f](#local) [e](https://e.test/) [m](./missing.md)');
    assert.match(markdown, /\[o\]\(https:\/\/docs\.example\.test\/docs\/area\/other#x\)/);
    assert.match(markdown, /\[r\]\(https:\/\/docs\.example\.test\/docs\/b\)/);
    assert.match(markdown, /\[f\]\(https:\/\/docs\.example\.test\/docs\/area\/page#local\)/);
    assert.match(markdown, /\[e\]\(https:\/\/e\.test\/\)/);
    assert.match(markdown, /\[m\]\(\.\/missing\.md\)/);
  });

  test('images point at their published file; code keeps its language and title, not build metadata', () => {
    const markdown = twin('![Flow](./img/flow.svg)\n\n```ts title="a.ts" {2} fragment="partial"\nconst a = 1;\n```');
    assert.match(markdown, /!\[Flow\]\(https:\/\/docs\.example\.test\/assets\/flow\.1234\.svg\)/);
    assert.match(markdown, /```ts title="a\.ts"\nconst a = 1;\n```/);
  });

  test('API names in inline code link to their reference twin, as on the page; headings and links are left alone', () => {
    const withSymbols = { ...resolvers, symbolRoute: (name: string) => (name === 'createClient' ? '/docs/area/ref/createClient' : undefined) };
    const markdown = guideTwin({ route: '/docs/area/page', title: 'A page', body: 'Call `createClient()` or `other`.\n\n## `createClient`\n\n[`createClient`](https://e.test/)', absoluteFile: '/site/content/docs/area/page.md' }, withSymbols);
    assert.match(markdown, /Call \[`createClient\(\)`\]\(https:\/\/docs\.example\.test\/docs\/area\/ref\/createClient\.md\) or `other`\./);
    assert.match(markdown, /## `createClient`\n/);
    assert.match(markdown, /\[`createClient`\]\(https:\/\/e\.test\/\)/);
  });

  test('colons in running text stay text (not directives)', () => {
    assert.match(twin('Meet at 10:30am.'), /Meet at 10:30am\./);
  });
});

describe('twin paths', () => {
  test('every route has "<route>.md" and "<route>/index.md"; the home page has index.md', () => {
    assert.deepEqual(twinFilesOf('/docs/a/b'), ['docs/a/b.md', 'docs/a/b/index.md']);
    assert.deepEqual(twinFilesOf('/'), ['index.md']);
    assert.equal(twinUrl('/docs/a', 'https://x.test/'), 'https://x.test/docs/a.md');
  });
});

describe('HTML to Markdown (reference markup)', () => {
  test('keeps code with its language, drops heading "#" links and copy buttons, makes links absolute', () => {
    const markdown = htmlToMarkdown(
      '<h2 id="m">Members<a class="hash-link" href="#m">#</a></h2><p>See <a href="/docs/x">x</a>.</p><div class="code-block"><pre><code class="hljs language-ts"><span>let</span> a: string;</code></pre><button>Copy</button></div>',
      'https://x.test',
      '/docs/p',
    );
    assert.equal(markdown, '## Members\n\nSee [x](https://x.test/docs/x).\n\n```ts\nlet a: string;\n```');
  });

  test('markup meant for the screen alone (data-markdown-ignore) stays out of the twin, as the divergence check expects', () => {
    const markdown = htmlToMarkdown('<p>Breaking: a call fails.</p><details data-markdown-ignore=""><summary>Proof</summary><pre><code>probe()</code></pre></details>', 'https://x.test', '/docs/p');
    assert.equal(markdown, 'Breaking: a call fails.');
  });
});
