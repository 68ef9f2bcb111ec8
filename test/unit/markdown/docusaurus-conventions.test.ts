import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { applyMagicComments, parseCodeMeta } from '../../../src/markdown/plugins/code-blocks.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';

const processor = createMarkdownProcessor({
  resolveMarkdownLink: () => undefined,
  resolveAsset: () => '/assets/pic.png',
  loadSvg: () => undefined,
});
const render = (markdown: string) => {
  const result = renderMarkdown(processor, markdown, '/site/content/docs/page.md');
  return { ...result, html: toHtml(result.hast), article: renderArticle(result.hast) };
};

describe('Docusaurus headings', () => {
  test('"{#custom-id}" sets the id and leaves the text', () => {
    const { html, toc } = render('## Set up the *radio* {#setup}\n\nText');
    assert.match(html, /<h2 id="setup">Set up the <em>radio<\/em><a href="#setup"/);
    assert.doesNotMatch(html, /\{#/);
    assert.deepEqual(toc, [{ depth: 2, id: 'setup', text: 'Set up the radio' }]);
  });

  test('a heading without one keeps its generated id', () => {
    assert.match(render('## Plain heading').html, /<h2 id="plain-heading">/);
  });
});

describe('Docusaurus admonitions', () => {
  test('"::::info Title" is the outer block of a nested pair', () => {
    const { article } = render('::::info Outer words\n\n:::tip\nInner words\n:::\n\n::::');
    assert.match(article, /<aside class="admonition admonition-info" aria-label="Outer words">.*<aside class="admonition admonition-tip" aria-label="Tip">.*Inner words/s);
    assert.doesNotMatch(article, /::::/);
  });

  test('a title keeps its inline markup and every word', () => {
    const { article } = render(':::note[A **bold** `code` title]\nBody\n:::');
    assert.match(article, /aria-label="A bold code title"/);
    assert.match(article, /<p class="admonition-heading"><svg[^]*?<\/svg>A <strong>bold<\/strong> <code>code<\/code> title<\/p>/);
    assert.doesNotMatch(article, /data-admonition-title/);
  });

  test('caution and important carry their own labels', () => {
    assert.match(render(':::caution\nx\n:::').article, /admonition-warning" aria-label="Caution">[^]*?Caution<\/p>/);
    assert.match(render(':::important\nx\n:::').article, /admonition-info" aria-label="Important">[^]*?Important<\/p>/);
  });
});

describe('Docusaurus code block options', () => {
  test('showLineNumbers numbers each line through an attribute, from 1 or a given start', () => {
    assert.equal(parseCodeMeta('showLineNumbers').firstLineNumber, 1);
    assert.equal(parseCodeMeta('title="a" showLineNumbers=7').firstLineNumber, 7);
    assert.equal(parseCodeMeta('title="showLineNumbers"').firstLineNumber, undefined);
    const { html } = render('```js showLineNumbers=3\na();\nb();\n```');
    assert.match(html, /<pre data-language="js" data-line-numbers=""><code[^>]*><span class="line" data-line="3">/);
    assert.match(html, /data-line="4"/);
  });

  test('magic comments highlight lines and are removed from the code', () => {
    const { code, highlighted } = applyMagicComments(['a', '// highlight-next-line', 'b', '<!-- highlight-start -->', 'c', 'd', '<!-- highlight-end -->', 'e', '# highlight-next-line', 'f'].join('\n'));
    assert.equal(code, 'a\nb\nc\nd\ne\nf');
    assert.deepEqual([...highlighted], [2, 3, 4, 6]);
    const { html } = render('```ts\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```');
    assert.doesNotMatch(html, /highlight-next-line/);
    assert.match(html, /<span class="line line-highlighted"><span class="hljs-keyword">const<\/span> b/);
  });
});

describe('raw HTML', () => {
  test('the safe subset renders inline and around Markdown blocks', () => {
    const { html, messages } = render('Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; H<sub>2</sub>O, x<sup>2</sup>, <abbr title="Session Initiation Protocol">SIP</abbr>, <mark>new</mark>.<br/>Next.\n\n<details>\n<summary>Show the answer</summary>\n\nIt is *42*.\n\n</details>');
    assert.deepEqual(messages, []);
    assert.match(html, /<kbd>Ctrl<\/kbd>\+<kbd>C<\/kbd>/);
    assert.match(html, /H<sub>2<\/sub>O, x<sup>2<\/sup>, <abbr title="Session Initiation Protocol">SIP<\/abbr>, <mark>new<\/mark>\.<br>Next\./);
    assert.match(html, /<details><summary>Show the answer<\/summary><p>It is <em>42<\/em>\.<\/p><\/details>/);
  });

  test('Markdown inside <summary> and <details> renders as Docusaurus renders it', () => {
    const { html, messages, links } = render('Intro.\n\n<details>\n<summary>Why **mute** the `mic`? See [the guide](/docs/guide)</summary>\n\n- one\n- two\n\n</details>');
    assert.deepEqual(messages, []);
    assert.match(html, /<details><summary>Why <strong>mute<\/strong> the <code>mic<\/code>\? See <a href="\/docs\/guide">the guide<\/a><\/summary><ul>\n<li>one<\/li>\n<li>two<\/li>\n<\/ul><\/details>/);
    assert.deepEqual(links.map((link) => [link.href, link.line, link.column]), [['/docs/guide', 4, 38]], 'a link in the summary is checked at its own line and column');
  });

  test('text laid out inside an HTML block is prose: inline markup, entities, no indented code', () => {
    const { html } = render('<details><summary>Tight *one*</summary>Body with **bold**.</details>\n\n<details>\n    <summary>Tea &amp; <b>cake</b></summary>\n    Indented *words* stay prose\n</details>');
    assert.match(html, /<details><summary>Tight <em>one<\/em><\/summary>Body with <strong>bold<\/strong>\.<\/details>/);
    assert.match(html, /<summary>Tea &#x26; <b>cake<\/b><\/summary> Indented <em>words<\/em> stay prose <\/details>/);
    assert.doesNotMatch(html, /<pre|&#x26;amp;/);
  });

  test('text inside <pre> stays exactly as written: indents, asterisks, underscores; entities decoded once', () => {
    const { html } = render('<pre>\nline   **one**\n  a_b_c &lt;tag&gt; &amp;\n</pre>');
    assert.match(html, /<pre>\nline {3}\*\*one\*\*\n {2}a_b_c &#x3C;tag> &#x26;\n<\/pre>/);
  });

  test('a link in HTML text is sanitised like any other', () => {
    const { html, messages } = render('<details>\n<summary>[run](javascript:alert(1))</summary>\n\nx\n\n</details>');
    assert.doesNotMatch(html, /javascript:/);
    assert.match(messages[0].message, /unsafe link/);
  });

  test('a <br> in a table cell stays', () => {
    assert.match(render('| a |\n|---|\n| one<br/>two |').html, /<td>one<br>two<\/td>/);
  });

  test('an unknown tag in prose stays visible text, with a warning at its line', () => {
    const { html, messages } = render('Intro.\n\nReplace <your-api-key> with yours.');
    assert.match(html, /<p>Replace &#x3C;your-api-key> with yours\.<\/p>/);
    assert.equal(messages[0].line, 3);
    assert.match(messages[0].message, /"<your-api-key>" is not HTML \(shown as text\)/);
  });

  test('a known tag outside the subset goes, its text stays; scripts go with their content', () => {
    const { html, messages } = render('A <center>centred</center> word <script>alert(1)</script> end.');
    assert.match(html, /<p>A centred word  end\.<\/p>/);
    assert.match(messages.map((m) => m.message).join('\n'), /<center> is not in the HTML subset[^]*<script> is removed with its content/);
  });

  test('a void element outside the subset removes only itself, with a warning at its line', () => {
    for (const tag of ['<embed src="movie.swf">', '<wbr>', '<area shape="rect">', '<col span="2">', '<param name="a" value="b">', '<track src="a.vtt">', '<keygen name="k">', '<input type="text">']) {
      const { html, messages } = render(`Intro.\n\nBefore ${tag} after.\n\nThe next paragraph.`);
      assert.match(html, /<p>Before\s+after\.<\/p>\n?<p>The next paragraph\.<\/p>/, tag);
      assert.equal(messages.length, 1, tag);
      assert.equal(messages[0].line, 3, tag);
      assert.equal(messages[0].fatal, false, tag);
    }
    assert.match(render('An <embed src="a.swf"> b').messages[0].message, /<embed> is removed/);
  });

  test('a removed element that is never closed is an error saying how much text it would drop', () => {
    const button = render('Intro.\n\n<button>\nPress\n\nFirst paragraph after.\n\nSecond paragraph after.');
    const errors = button.messages.filter((m) => m.fatal);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].line, 3);
    assert.match(errors[0].message, /<button> is never closed, so it would drop everything after it to the end of its block: 6 lines with 50 characters of text/);
    assert.match(errors[0].message, /Close it with <\/button> where it should end, or remove it/);
    for (const name of ['select', 'textarea', 'object', 'noscript', 'template', 'style', 'script']) {
      const { messages } = render(`Intro.\n\n<${name}>\nx\n\nLost words.`);
      assert.match(messages.filter((m) => m.fatal).map((m) => `${m.line}: ${m.message}`).join('\n'), new RegExp(`^3: <${name}> is never closed`), name);
    }
    // Inside a paragraph it would take the rest of that paragraph.
    assert.match(render('Say <select>one two\nthree\n\nNext.').messages.find((m) => m.fatal)?.message ?? '', /<select> is never closed[^]*: 2 lines with 13 characters of text/);
    // Closed, the same elements go quietly with what they hold.
    assert.equal(render('<button>Press</button>\n\nKept.').messages.filter((m) => m.fatal).length, 0);
  });

  test('attributes are sanitised: no handlers, no javascript: URLs', () => {
    const { html } = render('<a href="javascript:alert(1)" onclick="x()">link</a> <img src="./pic.png" alt="P" onerror="x()">');
    assert.doesNotMatch(html, /onclick|onerror|javascript:/);
    assert.match(html, /<a>link<\/a>/);
    assert.match(html, /<img src="\/assets\/pic\.png" alt="P" loading="lazy" decoding="async">/);
  });

  test('a video from a host the config does not allow becomes a link, with a warning', () => {
    const { html, messages } = render('<video src="https://videos.example/a.mp4" controls></video>');
    assert.match(html, /<a href="https:\/\/videos\.example\/a\.mp4"[^>]*>https:\/\/videos\.example\/a\.mp4<\/a>/);
    assert.match(messages[0].message, /not from a host in media\.videoHosts/);
    const allowed = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined, media: { imageHosts: [], videoHosts: ['videos.example'] } });
    assert.match(toHtml(renderMarkdown(allowed, '<video src="https://videos.example/a.mp4" controls></video>', '/p.md').hast), /<video src="https:\/\/videos\.example\/a\.mp4" controls>/);
  });

  test('an unclosed tag is reported and closed where its parent ends', () => {
    const { html, messages } = render('<details>\n<summary>Open</summary>\n\nBody');
    assert.match(html, /<details><summary>Open<\/summary><p>Body<\/p><\/details>/);
    assert.match(messages[0].message, /<details> is never closed/);
  });
});

describe('tabs', () => {
  test('<Tabs groupId>/<TabItem> with their imports become an ARIA tab set; the default tab is chosen', () => {
    const markdown = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';", '', '<Tabs groupId="code-language">', '<TabItem value="kotlin" label="Kotlin">', '', 'K text', '', '</TabItem>', '<TabItem value="swift" label="Swift" default>', '', 'S text', '', '</TabItem>', '</Tabs>'].join('\n');
    const { html, messages } = render(markdown);
    assert.deepEqual(messages, []);
    assert.doesNotMatch(html, /import/);
    assert.match(html, /<div class="tabs" data-tabs="" data-tab-group="code-language"><div class="tab-list" role="tablist" aria-label="Kotlin, Swift">/);
    assert.match(html, /<button type="button" role="tab" id="tab-set-1-tab-0" aria-controls="tab-set-1-panel-0" aria-selected="false" tabindex="-1" class="tab" data-tab-value="kotlin">Kotlin<\/button>/);
    assert.match(html, /aria-selected="true" tabindex="0" class="tab" data-tab-value="swift">Swift/);
    assert.match(html, /<div class="tab-panel" role="tabpanel" id="tab-set-1-panel-0" aria-labelledby="tab-set-1-tab-0" hidden><p class="tab-panel-label">Kotlin<\/p><p>K text<\/p><\/div>/);
  });

  test('the directive form makes the same set', () => {
    const { html, messages } = render('::::tabs{group="os"}\n:::tab[Linux]{value="linux"}\nApt.\n:::\n:::tab[macOS]{value="macos"}\nBrew.\n:::\n::::');
    assert.deepEqual(messages, []);
    assert.match(html, /data-tab-group="os"[^]*data-tab-value="linux">Linux<\/button>[^]*data-tab-value="macos">macOS<\/button>[^]*<p>Apt\.<\/p>[^]*<p>Brew\.<\/p>/);
  });
});

describe('nested tabs', () => {
  // The outer set and the set inside its first tab, each as its own ARIA widget.
  const assertNested = (html: string) => {
    const tablists = [...html.matchAll(/role="tablist" aria-label="([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(tablists, ['Android, iOS', 'Kotlin, Java']);
    assert.match(html, /<div class="tabs" data-tabs="" data-tab-group="platform">[^]*id="tab-set-1-panel-0"[^]*<div class="tabs" data-tabs="" data-tab-group="code-language">[^]*id="tab-set-2-panel-1"[^]*Java words\.[^]*id="tab-set-1-panel-1"[^]*Swift words\./);
    assert.doesNotMatch(html, /data-tab-set|data-tab-item/, 'no set is left unbuilt');
    assert.equal(new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1])).size, [...html.matchAll(/ id="/g)].length, 'ids are unique');
  };

  test('a directive tab set inside a directive tab', () => {
    const { html, messages } = render('::::::tabs{group="platform"}\n:::::tab[Android]{value="android"}\n::::tabs{group="code-language"}\n:::tab[Kotlin]{value="kotlin"}\nKotlin words.\n:::\n:::tab[Java]{value="java"}\nJava words.\n:::\n::::\n:::::\n:::::tab[iOS]{value="ios"}\nSwift words.\n:::::\n::::::');
    assert.deepEqual(messages, []);
    assertNested(html);
  });

  test('<Tabs> inside a <TabItem>, and each form inside the other', () => {
    const item = (value: string, label: string, body: string) => [`<TabItem value="${value}" label="${label}">`, '', body, '', '</TabItem>'];
    const inner = ['<Tabs groupId="code-language">', ...item('kotlin', 'Kotlin', 'Kotlin words.'), ...item('java', 'Java', 'Java words.'), '</Tabs>'].join('\n');
    const components = ['<Tabs groupId="platform">', ...item('android', 'Android', inner), ...item('ios', 'iOS', 'Swift words.'), '</Tabs>'].join('\n');
    assertNested(render(components).html);
    const directiveInComponent = ['<Tabs groupId="platform">', ...item('android', 'Android', '::::tabs{group="code-language"}\n:::tab[Kotlin]{value="kotlin"}\nKotlin words.\n:::\n:::tab[Java]{value="java"}\nJava words.\n:::\n::::'), ...item('ios', 'iOS', 'Swift words.'), '</Tabs>'].join('\n');
    assertNested(render(directiveInComponent).html);
    const componentInDirective = `:::::tabs{group="platform"}\n::::tab[Android]{value="android"}\n\n${inner}\n\n::::\n::::tab[iOS]{value="ios"}\nSwift words.\n::::\n:::::`;
    const { html, messages } = render(componentInDirective);
    assert.deepEqual(messages, []);
    assertNested(html);
  });
});

describe('Docusaurus theme components', () => {
  test('the Docusaurus 2 <Tabs values defaultValue> form: labels from the set, the default chosen', () => {
    const { html, messages } = render(`<Tabs defaultValue="pear" values={[{label: 'Fig', value: 'fig'}, {label: 'Pear', value: 'pear'}]}>\n  <TabItem value="fig">Figs are sweet.</TabItem>\n  <TabItem value="pear">Pears are juicy.</TabItem>\n</Tabs>`);
    assert.deepEqual(messages, []);
    assert.match(html, /aria-label="Fig, Pear"/);
    assert.match(html, /aria-selected="false" tabindex="-1" class="tab" data-tab-value="fig">Fig<\/button>/);
    assert.match(html, /aria-selected="true" tabindex="0" class="tab" data-tab-value="pear">Pear<\/button>/);
    assert.match(html, /Figs are sweet\.[^]*Pears are juicy\./);
  });

  test('<Admonition type title> is an admonition; <Details summary> a details element', () => {
    const { article, messages } = render(`import Admonition from '@theme/Admonition';\n\n<Admonition type="caution" title="Mind the cable">\n\nKeep it **dry**.\n\n</Admonition>\n\n<Details summary="More">\n\nHidden words.\n\n</Details>`);
    assert.deepEqual(messages, []);
    assert.match(article, /<aside class="admonition admonition-warning" aria-label="Mind the cable">[^]*Keep it <strong>dry<\/strong>/);
    assert.match(article, /<details><summary>More<\/summary><p>Hidden words\.<\/p><\/details>/);
  });
});

describe('JSX as Prettier writes it', () => {
  const tabNames = (html: string) => [...html.matchAll(/role="tablist" aria-label="([^"]*)"/g)].map((match) => match[1]);

  test('an opening tag across lines, with every prop Docusaurus documents, is a tab set; later lines keep their numbers', () => {
    const markdown = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '<Tabs',
      '  groupId="store"',
      '  queryString="store"',
      '  defaultValue="shelf"',
      '  lazy',
      '  values={[',
      "    { label: 'On the shelf', value: 'shelf' },",
      "    { label: \"Don't stock\", value: 'none' },",
      '  ]}',
      '>',
      '<TabItem value="shelf" attributes={{ className: \'shelf-tab\' }}>',
      '',
      'Shelf words.',
      '',
      '</TabItem>',
      '<TabItem',
      '  value="none"',
      '  default={false}',
      '>',
      '',
      'Empty words.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '<Tabs>',
      '  <TabItem value="x">Unclosed <b>',
    ].join('\n');
    const { html, messages } = render(markdown);
    assert.deepEqual(tabNames(html), ['On the shelf, Don&#x27;t stock', 'x']);
    assert.match(html, /aria-selected="true" tabindex="0" class="tab" data-tab-value="shelf">On the shelf</);
    assert.match(html, /Shelf words\.[^]*Empty words\./);
    assert.doesNotMatch(html, /&#x3C;Tabs|values=|groupId/);
    // The only messages are the unclosed tags of lines 29 and 30: the joined lines moved nothing.
    assert.deepEqual([...new Set(messages.map((m) => m.line))].sort(), [29, 30]);
  });

  test('an attributes prop keeps the next tab its own; a prop portal cannot evaluate is a warning naming it, at its line', () => {
    const markdown = [
      '<Tabs>',
      "<TabItem value=\"a\" label=\"A\" attributes={{ className: 'red', style: { color: 'x' } }}>Alpha words.</TabItem>",
      '<TabItem',
      '  value="b"',
      '  label="B"',
      '  attributes={{ className: styles.blue }}',
      '>Beta words.</TabItem>',
      '<TabItem value="c" label="C" {...rest}>Gamma words.</TabItem>',
      '</Tabs>',
    ].join('\n');
    const { html, messages } = render(markdown);
    assert.deepEqual(tabNames(html), ['A, B, C']);
    assert.match(html, /<p class="tab-panel-label">A<\/p>Alpha words\.<\/div>[^]*<p class="tab-panel-label">B<\/p>Beta words\.<\/div>[^]*Gamma words\.<\/div><\/div>$/);
    assert.deepEqual(messages.map((m) => [m.line, m.column, m.fatal]), [[6, 3, false], [8, 29, false]]);
    assert.match(messages[0].message, /the prop "attributes" is a property of a variable \(`styles\.blue`\), which portal cannot evaluate; it is ignored/);
    assert.match(messages[1].message, /spread props "\{\.\.\.rest\}"/);
  });

  test('a tab set in a list item, its labels written as JavaScript', () => {
    const { html, messages } = render("1. Pick one:\n\n   <Tabs values={[{label: 'Fig', value: 'fig'}]}>\n   <TabItem value=\"fig\">Figs.</TabItem>\n   </Tabs>");
    assert.deepEqual(messages, []);
    assert.deepEqual(tabNames(html), ['Fig']);
  });
});

describe('npm2yarn code blocks', () => {
  test('a block marked npm2yarn is an npm, Yarn and pnpm tab set of the same commands', () => {
    const { html, messages } = render('```bash npm2yarn\nnpm install --save-dev kiosk-cli\nnpm run kiosk\n```');
    assert.deepEqual(messages, []);
    assert.match(html, /data-tab-group="npm2yarn"><div class="tab-list" role="tablist" aria-label="npm, Yarn, pnpm">/);
    const panels = [...html.matchAll(/<code[^>]*>([^]*?)<\/code>/g)].map((match) => match[1].replace(/<[^>]+>/g, ''));
    assert.deepEqual(panels, ['npm install --save-dev kiosk-cli\nnpm run kiosk', 'yarn add --dev kiosk-cli\nyarn kiosk', 'pnpm add -D kiosk-cli\npnpm run kiosk']);
  });
});

describe('MDX lines', () => {
  test('an import of anything but the theme components is an error at its line in .mdx and a warning in .md; an export is an error', () => {
    const markdown = "import Chart from '../components/Chart';\n\nexport const x = 1;\n\nText";
    const { messages } = render(markdown);
    assert.deepEqual(messages.map((m) => [m.line, m.fatal]), [[1, false], [3, true]]);
    assert.match(messages[0].message, /imports "\.\.\/components\/Chart", which portal cannot render/);
    assert.deepEqual(renderMarkdown(processor, markdown, '/site/content/docs/page.mdx').messages.map((m) => [m.line, m.fatal]), [[1, true], [3, true]]);
  });

  test('<TOCInline toc={toc} /> lists the page\'s headings from level 2 to 3, or the levels it names', () => {
    const markdown = (props: string) => `import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc}${props} />\n\n## One\n\n### One a\n\n#### Deep\n\n## Two`;
    const { messages } = renderMarkdown(processor, markdown(''), '/site/content/docs/page.mdx');
    assert.deepEqual(messages, []);
    assert.match(render(markdown('')).html, /^<div class="toc-inline"><ul><li><a href="#one">One<\/a><ul><li><a href="#one-a">One a<\/a><\/li><\/ul><\/li><li><a href="#two">Two<\/a><\/li><\/ul><\/div>/);
    assert.match(render(markdown(' minHeadingLevel={3} maxHeadingLevel={4}')).html, /^<div class="toc-inline"><ul><li><a href="#one-a">One a<\/a><ul><li><a href="#deep">Deep<\/a><\/li><\/ul><\/li><\/ul><\/div>/);
  });

  test('<CodeBlock language title showLineNumbers> is a code block, its code from the template string, line numbers kept after it', () => {
    const markdown = "import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock\n  language=\"js\"\n  title=\"shelf.js\"\n  showLineNumbers\n>\n{`const shelf = \\`A\\`;\nlend(shelf);`}\n</CodeBlock>\n\n<b>";
    const { html, messages } = render(markdown);
    assert.match(html, /^<pre data-language="js" data-title="shelf\.js" data-line-numbers=""><code[^>]*><span class="line" data-line="1">[^]*const[^]*`A`[^]*<span class="line" data-line="2">[^]*lend<\/span>\(shelf\);<\/span><\/code><\/pre>/);
    assert.doesNotMatch(html, /CodeBlock|\{`/);
    assert.deepEqual(messages.map((m) => m.line), [12], 'the unclosed <b> is still on line 12');
  });

  test('<CodeBlock> whose tags share a line with the code, or a one-line <CodeBlock>, is a code block too; later lines keep their numbers', () => {
    const sameLines = "import CodeBlock from '@theme/CodeBlock';\n\nBefore the block.\n\n<CodeBlock language=\"js\" title=\"lend.js\">{`const shelf = open();\nlend(shelf);`}</CodeBlock>\n\nAfter the block.\n\n<b>";
    const first = render(sameLines);
    assert.match(first.html, /<pre data-language="js" data-title="lend\.js"><code[^>]*><span class="line">[^]*const[^]*open[^]*<span class="line">[^]*lend<\/span>\(shelf\);<\/span><\/code><\/pre>/);
    assert.match(first.html, /<p>Before the block\.<\/p>[^]*<p>After the block\.<\/p>/);
    assert.doesNotMatch(first.html, /CodeBlock|\{`/);
    assert.deepEqual(first.messages.map((m) => m.line), [10], 'the unclosed <b> is still on line 10');

    const oneLine = render("import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language=\"bash\">{`npm run shelve`}</CodeBlock>\n\n<b>");
    assert.match(oneLine.html, /<pre data-language="bash"><code[^>]*><span class="line">npm run shelve<\/span><\/code><\/pre>/);
    assert.deepEqual(oneLine.messages.map((m) => m.line), [5]);

    const plainText = render('<CodeBlock language="text">shelf 4, row 2</CodeBlock>');
    assert.match(plainText.html, /<pre data-language="text"><code[^>]*><span class="line">shelf 4, row 2<\/span>/);
  });

  test('<CodeBlock> squeezed between lines of text stays text, with a warning saying to leave blank lines', () => {
    const { html, messages } = render('A line.\n<CodeBlock language="js">{`lend();`}</CodeBlock>\nAnother line.');
    assert.match(messages[0]?.message ?? '', /<CodeBlock> shares its lines with the text around it[^]*blank line before and after it/);
    assert.equal(messages[0].line, 2);
    assert.match(html, /lend\(\)/);
  });

  test('<ThemedImage> with useBaseUrl sources is a light and a dark image; its imports are drawn', () => {
    const markdown = ["import ThemedImage from '@theme/ThemedImage';", "import useBaseUrl from '@docusaurus/useBaseUrl';", '', '<ThemedImage', '  alt="The shelf plan"', '  sources={{', "    light: useBaseUrl('/img/plan.png'),", '    dark: useBaseUrl("/img/plan-dark.png"),', '  }}', '/>'].join('\n');
    const { html, messages } = render(markdown);
    assert.deepEqual(messages, []);
    assert.match(html, /^<span class="themed-image">[^]*<img src="[^"]+" alt="The shelf plan" data-themed="light"[^]*<img src="[^"]+" alt="The shelf plan" data-themed="dark"/);
    const seen: string[] = [];
    const tracking = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: (url: string) => (seen.push(url), '/assets/x.png'), loadSvg: () => undefined });
    renderMarkdown(tracking, markdown, '/site/content/docs/page.mdx');
    assert.deepEqual(seen.sort(), ['/img/plan-dark.png', '/img/plan.png']);
  });

  test('{/* comments */} are the writer\'s notes and never shown', () => {
    assert.match(render("Before {/* a note */} after.").html, /<p>Before +after\.<\/p>/);
  });

  test('in .mdx an unknown component is an error naming its line', () => {
    const result = renderMarkdown(processor, 'Text\n\n<Chart data="x" />', '/site/content/docs/page.mdx');
    assert.equal(result.messages[0].line, 3);
    assert.equal(result.messages[0].fatal, true);
    assert.match(result.messages[0].message, /<Chart> is a component portal cannot render/);
  });
});

describe('images', () => {
  test('an outside image is lazy and warns when its host is not allowed; no image is eager', () => {
    const { html, messages, article } = render('![Chart](https://img.example/c.png)');
    assert.match(html, /<img src="https:\/\/img\.example\/c\.png" alt="Chart" loading="lazy" decoding="async">/);
    assert.match(messages[0].message, /img\.example, which is not in media\.imageHosts/);
    assert.doesNotMatch(article, /rel="preload"/);
    const allowed = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined, media: { imageHosts: ['img.example'], videoHosts: [] } });
    assert.deepEqual(renderMarkdown(allowed, '![Chart](https://img.example/c.png){width=640 height=360}', '/p.md').messages, []);
  });

  const sizedProcessor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => '/assets/pic.png', loadSvg: () => undefined, media: { imageHosts: ['img.example'], videoHosts: [] } });
  const sized = (markdown: string) => {
    const result = renderMarkdown(sizedProcessor, markdown, '/site/content/docs/page.md', 4);
    return { html: toHtml(result.hast), messages: result.messages };
  };

  test('an outside image takes its size from {width=… height=…} after it, or from <img width height>', () => {
    const { html, messages } = sized('![Chart](https://img.example/c.png){width=640 height="360px"} and text.\n\n<img src="https://img.example/d.png" alt="Dial" width="200" height="100">');
    assert.deepEqual(messages, []);
    assert.match(html, /<img src="https:\/\/img\.example\/c\.png" alt="Chart" width="640" height="360" loading="lazy" decoding="async"> and text\./);
    assert.match(html, /<img src="https:\/\/img\.example\/d\.png" alt="Dial" width="200" height="100" loading="lazy"/);
    assert.doesNotMatch(html, /\{width|preload/);
  });

  test('an outside image without its size is a warning at its line that names the fix', () => {
    const { messages } = sized('Text.\n\n![Chart](https://img.example/c.png)\n\n![Wide](https://img.example/w.png){width=800}\n\n<img src="https://img.example/d.png" alt="Dial">');
    assert.deepEqual(messages.map((message) => [message.line, message.message]), [
      [7, 'image "https://img.example/c.png" is from another site and has no width or height, so the page shifts when it loads; give its size in pixels'],
      [9, 'image "https://img.example/w.png" is from another site and has no height, so the page shifts when it loads; give its size in pixels'],
      [11, 'image "https://img.example/d.png" is from another site and has no width or height, so the page shifts when it loads; give its size in pixels'],
    ]);
    assert.equal(messages[0].hint, 'Write ![Chart](https://img.example/c.png){width=640 height=360} or <img src="https://img.example/c.png" width="640" height="360"> with the image\'s own size.');
  });

  test('a size that is not in pixels, or other attributes, are warnings and not read; a local image may be sized too', () => {
    const { html, messages } = sized('![Chart](https://img.example/c.png){width=50% height=300 .wide}\n\n![Local](./pic.png){width=10 height=20}');
    assert.match(messages.map((message) => message.message).join('\n'), /"\.wide" after an image is not read[^]*image size "width=50%" is not read[^]*has no width/);
    assert.match(html, /<img src="\/assets\/pic\.png" alt="Local" width="10" height="20"/);
    assert.doesNotMatch(html, /\{|\.wide/);
  });
});
