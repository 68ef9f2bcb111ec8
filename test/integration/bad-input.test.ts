import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { build } from '../../src/build/build.ts';
import { loadConfig } from '../../src/config/load.ts';
import { updateDoc } from '../../src/serve/incremental.ts';
import { commandsSideBySide, runPortal } from '../helpers/cli.ts';
import { copyFixture, repoRoot, snapshotTree } from '../helpers/fixtures.ts';

// Each row: something a writer can get wrong, what portal must say, and that the last good
// dist/ survives byte for byte (exit 1, no stack trace) — or, where the spec says so, a warning
// and exit 0.

const cli = path.join(repoRoot, 'bin', 'portal.mjs');
const run = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });

interface Case {
  name: string;
  change: (root: string) => void;
  message: RegExp;
  exit?: 0 | 1;
}

const write = (root: string, file: string, text: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const doc = 'content/docs/infinity/guides/second-guide.md';
const edit = (root: string, file: string, from: string | RegExp, to: string) => write(root, file, fs.readFileSync(path.join(root, file), 'utf8').replace(from, to));

const aliasBomb = Array.from({ length: 9 }, (_, level) => `l${level}: &l${level} [${Array(9).fill(level ? `*l${level - 1}` : '"ha"').join(', ')}]\n`).join('');
const withSpec = (root: string, spec: string) => {
  write(root, 'specs/api.yaml', spec);
  edit(root, 'portal.config.ts', 'licenseRequest:', "openapi: [{ spec: 'specs/api.yaml', area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } }],\n  licenseRequest:");
};

/** A spec whose one response schema is `levels` objects inside each other's properties. */
const deepSchemaSpec = (levels: number) => {
  const lines = ['openapi: 3.0.3', "info: { title: Deep, version: '1' }", 'paths:', '  /deep:', '    get:', '      responses:', "        '200':", '          description: Deep.', '          content:', '            application/json:', '              schema:'];
  for (let level = 0; level < levels; level++) lines.push(`${' '.repeat(16 + 4 * level)}type: object`, `${' '.repeat(16 + 4 * level)}properties:`, `${' '.repeat(18 + 4 * level)}p${level}:`);
  return `${lines.join('\n')}\n${' '.repeat(16 + 4 * levels)}type: string\n`;
};

const cases: Case[] = [
  { name: 'malformed YAML front matter', change: (r) => write(r, doc, '---\ntitle: "unclosed\n---\nText\n'), message: /second-guide\.md:\d+:\d+ {2}error: front matter is not valid YAML/ },
  { name: 'a wrong front matter type', change: (r) => edit(r, doc, 'sidebar_position: 2', 'sidebar_position: "first"'), message: /second-guide\.md:4:\d+ {2}error: front matter "sidebar_position".*"first"/ },
  { name: 'an unknown front matter key (warning)', change: (r) => edit(r, doc, 'sidebar_position: 2', 'sidebar_position: 2\nsidebar_lable: Two'), message: /second-guide\.md:5:\d+ {2}warning: unknown front matter key "sidebar_lable".*\n.*Did you mean "sidebar_label"\?/, exit: 0 },
  { name: 'an empty file', change: (r) => write(r, doc, ''), message: /second-guide\.md:1:1 {2}error: the page is empty/ },
  { name: 'a page with no title and no h1 (warning: titled by its id, as in Docusaurus)', change: (r) => write(r, doc, 'Just text.\n'), message: /second-guide\.md:1:1 {2}warning: the page has no title; it is shown as "second-guide"/, exit: 0 },
  { name: 'an unknown tag in prose (warning: shown as text)', change: (r) => edit(r, doc, 'Back to the', 'Replace <your-key> here. Back to the'), message: /second-guide\.md:7:9 {2}warning: "<your-key>" is not HTML \(shown as text\)/, exit: 0 },
  { name: 'an MDX import of a component portal cannot draw', change: (r) => write(r, 'content/docs/infinity/guides/chart.mdx', "---\ntitle: Chart\n---\n\nimport Chart from '@site/src/Chart';\n\n<Chart />\n"), message: /chart\.mdx:5:1 {2}error: imports "@site\/src\/Chart", which portal cannot render/ },
  { name: 'an image from a host the config does not allow (warning)', change: (r) => edit(r, doc, 'Back to the', '![Logo](https://cdn.example.org/logo.png) Back to the'), message: /second-guide\.md:7:1 {2}warning: image "https:\/\/cdn\.example\.org\/logo\.png" comes from cdn\.example\.org, which is not in media\.imageHosts/, exit: 0 },
  { name: 'an outside image without a size (warning naming both ways to give it)', change: (r) => edit(r, doc, 'Back to the', '![Logo](https://cdn.example.org/logo.png) Back to the'), message: /second-guide\.md:7:1 {2}warning: image "https:\/\/cdn\.example\.org\/logo\.png" is from another site and has no width or height[^\n]*\n {2}Write !\[Logo\]\(https:\/\/cdn\.example\.org\/logo\.png\)\{width=640 height=360\} or <img /, exit: 0 },
  { name: 'a relative route link that reaches no page (names what it was read as)', change: (r) => edit(r, doc, 'Back to the', '[Setup](../setup-guide/) Back to the'), message: /second-guide\.md:7:1 {2}error: link to "\.\.\/setup-guide\/" \(read as "\/docs\/infinity\/setup-guide\/"\) not found\n {2}.*areas\.infinity\.trailingSlash is unset/ },
  { name: 'two pages claiming one route', change: (r) => write(r, 'content/docs/infinity/guides/zz.md', '---\ntitle: Z\nslug: second-guide\n---\nZ\n'), message: /zz\.md:1 {2}error: route "\/docs\/infinity\/guides\/second-guide" is also claimed by content\/docs\/infinity\/guides\/second-guide\.md/ },
  { name: 'two files whose names differ only in case (Case.md, case.md)', change: (r) => { write(r, 'content/docs/infinity/guides/Case.md', '---\ntitle: Upper\n---\nA\n'); write(r, 'content/docs/infinity/guides/case.md', '---\ntitle: Lower\n---\nB\n'); }, message: /guides\/[Cc]ase\.md:1 {2}error: route "\/docs\/infinity\/guides\/case" is also claimed by content\/docs\/infinity\/guides\/[Cc]ase\.md/ },
  { name: 'a space and a hyphen that slug alike (a b.md, a-b.md)', change: (r) => { write(r, 'content/docs/infinity/guides/a b.md', '---\ntitle: Space\n---\nA\n'); write(r, 'content/docs/infinity/guides/a-b.md', '---\ntitle: Hyphen\n---\nB\n'); }, message: /error: route "\/docs\/infinity\/guides\/a-b" is also claimed by content\/docs\/infinity\/guides\/a[ -]b\.md/ },
  { name: 'a _category_.json naming a missing doc', change: (r) => write(r, 'content/docs/infinity/guides/_category_.json', '{ "label": "G", "link": { "type": "doc", "id": "infinity/guides/gone" } }'), message: /_category_\.json {2}error: link\.id "infinity\/guides\/gone" names a doc that does not exist/ },
  { name: 'invalid JSON in _category_.json', change: (r) => write(r, 'content/docs/infinity/guides/_category_.json', '{ "label": "G", }'), message: /_category_\.json:1:\d+ {2}error: not valid JSON/ },
  { name: 'a content folder with a symlink loop', change: (r) => fs.symlinkSync('..', path.join(r, 'content/docs/infinity/guides/loop')), message: /loop {2}error: this folder links back to one of its parents/ },
  { name: 'an unclosed admonition (error: it would swallow the rest of the page)', change: (r) => edit(r, doc, 'Back to the', ':::note\nNever closed.\n\nBack to the'), message: /second-guide\.md:7:1 {2}error: `:::note` opened here is never closed; it would swallow \d+ lines after it\n {2}add a line holding only `:::` where the block should end/ },
  { name: 'an unclosed admonition in a partial: at the partial\'s line, naming the page that imports it', change: (r) => { write(r, 'content/docs/infinity/guides/_shared-note.md', 'Shared words.\n\n:::note\nNever closed.\n'); edit(r, doc, 'Back to the', "import SharedNote from './_shared-note.md';\n\n<SharedNote />\n\nBack to the"); }, message: /guides\/_shared-note\.md:3:1 {2}error: `:::note` opened here is never closed; it would swallow 1 line after it \(in the partial that content\/docs\/infinity\/guides\/second-guide\.md imports\)\n {2}add a line holding only `:::`/ },
  { name: 'a ".md" link to a file that does not exist (a broken link: onBrokenLinks "throw")', change: (r) => edit(r, doc, 'Back to the', '[Setup](./no-such-page.md) Back to the'), message: /second-guide\.md:7:1 {2}error: link to "\.\/no-such-page\.md" points to a Markdown file that does not exist\n {2}[^\n]*stricter of onBrokenMarkdownLinks and onBrokenLinks/ },
  { name: 'an unknown admonition kind (warning)', change: (r) => edit(r, doc, 'Back to the', ':::hint\nX\n:::\n\nBack to the'), message: /warning: unknown admonition kind ":::hint"/, exit: 0 },
  { name: 'a code block in an unknown language (warning)', change: (r) => edit(r, doc, 'Back to the', '```cobolx\nx\n```\n\nBack to the'), message: /warning: code block language "cobolx" is not known/, exit: 0 },
  { name: 'a list nested 10,000 levels deep', change: (r) => write(r, doc, `---\ntitle: Deep\n---\n${Array.from({ length: 10000 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')}\n`), message: /second-guide\.md:4:1 {2}error: content is nested 10000 levels deep/ },
  { name: 'raw HTML nested 10,000 levels deep (a located error, not a stack overflow)', change: (r) => edit(r, doc, 'Back to the', `${'<div>'.repeat(10000)}x${'</div>'.repeat(10000)}\n\nBack to the`), message: /second-guide\.md:7:1001 {2}error: HTML nested deeper than 200 levels: this <div> opens level 201\n {2}Close elements before opening others/ },
  { name: 'a spec schema nested 3,000 levels deep (not "not valid YAML")', change: (r) => withSpec(r, deepSchemaSpec(3000)), message: /specs\/api\.yaml:\d+:\d+ {2}error: invalid OpenAPI at \/paths\/~1deep\/get\/responses\/200\/content\/application~1json\/schema\/[^\n]*: values nest deeper than 400 levels/ },
  { name: 'a file name with nothing to slug (中文.md) is an error at line 1 suggesting slug:', change: (r) => write(r, 'content/docs/infinity/guides/中文.md', '---\ntitle: Chinese\n---\nText\n'), message: /guides\/中文\.md:1:1 {2}error: the file name "中文\.md" has nothing a URL can be made of[^\n]*\n {2}Give the page its URL in its front matter, such as "slug: \/guides\/getting-started"/ },
  { name: 'a folder name with nothing to slug (日本語/) is an error naming the folder', change: (r) => write(r, 'content/docs/infinity/日本語/intro.md', '---\ntitle: Intro\n---\nText\n'), message: /日本語\/intro\.md:1:1 {2}error: the folder name "日本語" has nothing a URL can be made of/ },
  // "Café" saved as Latin-1 on line 4: the é (0xE9) is the fifth character.
  { name: 'text that is not UTF-8', change: (r) => write(r, doc, Buffer.concat([Buffer.from('---\ntitle: Menu\n---\nCaf'), Buffer.from([0xe9]), Buffer.from(' opens at nine.\n')])), message: /second-guide\.md:4:4 {2}error: the file is not UTF-8 text/ },
  { name: 'a link to a missing page', change: (r) => edit(r, doc, 'Back to the', '[x](/docs/infinity/guides/frist-guide) Back to the'), message: /second-guide\.md:7:1 {2}error: link to "\/docs\/infinity\/guides\/frist-guide" not found\n {2}Did you mean "\/docs\/infinity\/guides\/first-guide"\?/ },
  { name: 'a link to a missing anchor', change: (r) => edit(r, doc, '#overview', '#overveiw'), message: /error: link to "\/docs\/infinity\/introduction#overveiw": the page has no heading or element with id "overveiw"\n {2}Did you mean "#overview"\?/ },
  { name: 'a missing image', change: (r) => edit(r, doc, 'Back to the', '![A chart](./img/chart.png) Back to the'), message: /second-guide\.md:7:1 {2}error: image "\.\/img\/chart\.png" not found/ },
  { name: 'a javascript: link', change: (r) => edit(r, doc, 'Back to the', '[x](javascript:alert(1)) Back to the'), message: /error: unsafe link "javascript:alert\(1\)"/ },
  { name: 'a config value of the wrong type', change: (r) => edit(r, 'portal.config.ts', "baseUrl: '/'", 'baseUrl: 5'), message: /portal\.config\.ts {2}error: baseUrl: expected string, got number 5/ },
  { name: 'an unknown navbar item type', change: (r) => edit(r, 'portal.config.ts', "type: 'search'", "type: 'serach'"), message: /navbar\.items\[3\]\.type: unknown navbar item type "serach"\n {2}Did you mean "search"\?/ },
  { name: 'a missing required config field', change: (r) => edit(r, 'portal.config.ts', "tagline: 'A small site for the tests',", ''), message: /portal\.config\.ts {2}error: tagline: is required/ },
  { name: 'a redirect whose target does not exist', change: (r) => edit(r, 'portal.config.ts', "{ from: '/docs/tutorials/introduction', to: '/docs/infinity/introduction' }", "{ from: '/docs/tutorials/introduction', to: '/docs/infinity/intro' }"), message: /redirects\[0\]\.to: "\/docs\/infinity\/intro" is not a page of the site/ },
  { name: 'several config problems at once', change: (r) => edit(r, 'portal.config.ts', "baseUrl: '/'", "baseUrl: 5, tittle: 'x'"), message: /baseUrl: expected string[\s\S]*unknown key "tittle"/ },
  { name: 'an invalid OpenAPI file', change: (r) => { write(r, 'specs/bad.yaml', fs.readFileSync(path.join(repoRoot, 'test/fixtures/openapi/invalid.yaml'))); edit(r, 'portal.config.ts', 'licenseRequest:', "openapi: [{ spec: 'specs/bad.yaml', area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } }],\n  licenseRequest:"); }, message: /specs\/bad\.yaml:9 {2}error: invalid OpenAPI at \/paths\/~1a\/get\/responsess/ },
  { name: 'a missing npm package', change: (r) => edit(r, 'portal.config.ts', 'licenseRequest:', "npmReference: [{ area: 'vpaas', folder: 'vpaas/packages', packages: ['@pexip/does-not-exist'] }],\n  licenseRequest:"), message: /error: npm package @pexip\/does-not-exist is not installed/ },
  // Nine anchors of nine aliases each: 387 million values from a few hundred bytes.
  { name: 'a YAML alias bomb in front matter', change: (r) => write(r, doc, `---\ntitle: Laughs\n${aliasBomb}---\nText\n`), message: /second-guide\.md:4:10 {2}error: front matter: its YAML aliases \(\*name\) expand past what portal reads[^\n]*\n {2}Write the repeated values out/ },
  { name: 'a YAML alias bomb in a spec', change: (r) => withSpec(r, `openapi: 3.0.3\ninfo: { title: Laughs, version: '1' }\npaths: {}\nx-laughs:\n${aliasBomb.replace(/^/gm, '  ')}`), message: /specs\/api\.yaml:6 {2}error: the spec: its YAML aliases \(\*name\) expand past/ },
  { name: 'two schemas that are only $refs to each other', change: (r) => withSpec(r, "openapi: 3.0.3\ninfo: { title: Loop, version: '1' }\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: OK\n          content: { application/json: { schema: { $ref: '#/components/schemas/A' } } }\ncomponents:\n  schemas:\n    A: { $ref: '#/components/schemas/B' }\n    B: { $ref: '#/components/schemas/A' }\n"), message: /specs\/api\.yaml:12 {2}error: invalid OpenAPI at \/components\/schemas\/A: its \$ref leads back to itself through nothing but \$refs \(\/components\/schemas\/A -> \/components\/schemas\/B -> \/components\/schemas\/A\)/ },
  { name: 'half a surrogate pair in a spec title', change: (r) => withSpec(r, "openapi: 3.0.3\ninfo:\n  version: '1'\n  title: \"Half \\uD800 pair\"\npaths: {}\n"), message: /specs\/api\.yaml:4 {2}error: the spec holds U\+D800, half of a surrogate pair/ },
  { name: 'a YAML alias bomb in a file a spec $refs (the parser would expand it for minutes)', change: (r) => { withSpec(r, "openapi: 3.0.3\ninfo: { title: Laughs, version: '1' }\npaths:\n  /a:\n    get: { $ref: 'ops/a.yaml' }\n"); write(r, 'specs/ops/a.yaml', `responses: { '200': { description: OK } }\nx-laughs:\n${aliasBomb.replace(/^/gm, '  ')}`); }, message: /specs\/ops\/a\.yaml:4 {2}error: the spec: its YAML aliases \(\*name\) expand past/ },
  { name: 'half a surrogate pair in a file a spec $refs', change: (r) => { withSpec(r, "openapi: 3.0.3\ninfo: { title: Half, version: '1' }\npaths:\n  /a:\n    get: { $ref: 'ops/a.yaml' }\n"); write(r, 'specs/ops/a.yaml', "responses:\n  '200': { description: \"OK \\uDC00\" }\n"); }, message: /specs\/ops\/a\.yaml:2 {2}error: the spec holds U\+DC00, half of a surrogate pair/ },
  { name: 'half a surrogate pair in a _category_.json label', change: (r) => edit(r, 'content/docs/infinity/guides/_category_.json', '"label": "', '"label": "\\uD800 '), message: /guides\/_category_\.json {2}error: label: holds U\+D800, half of a surrogate pair/ },
  { name: 'a link with a bad percent escape (a%e)', change: (r) => edit(r, doc, 'Back to the', '[Offer](./sale-100%e) Back to the'), message: /second-guide\.md:7:1 {2}error: link to "\.\/sale-100%25e" \(read as "[^"]+"\) not found/ },
  { name: 'half a surrogate pair in the config title', change: (r) => edit(r, 'portal.config.ts', "title: 'Fixture Portal',", "title: 'Fixture \\uD800 Portal',"), message: /portal\.config\.ts {2}error: title: holds U\+D800, half of a surrogate pair/ },
  { name: 'a file name too long for the output (251 characters)', change: (r) => write(r, `content/docs/infinity/guides/${'n'.repeat(248)}.md`, '---\ntitle: Long\n---\nText\n'), message: /guides\/n{248}\.md:1 {2}error: the page's route "[^"]+" has a part 248 bytes long[^\n]*ENAMETOOLONG\)\n {2}Give the page a shorter URL in its front matter, such as "slug: / },
  { name: 'a config getter that throws', change: (r) => edit(r, 'portal.config.ts', "title: 'Fixture Portal',", "get title(): string { throw new Error('the title service is down'); },"), message: /portal\.config\.ts {2}error: reading the configuration threw: the title service is down/ },
];

let good: string;
before(() => {
  good = copyFixture('basic');
  const result = run(good, 'build');
  assert.equal(result.status, 0, result.stderr);
});

// Each case is a site of its own and a build of its own: they run side by side (helpers/cli.ts).
describe('bad input: a clear message, the right exit code, and the last good dist/ untouched', { concurrency: commandsSideBySide }, () => {
  for (const item of cases) {
    test(item.name, async () => {
      const site = copyFixture('basic');
      fs.cpSync(path.join(good, 'dist'), path.join(site, 'dist'), { recursive: true });
      const before = snapshotTree(path.join(site, 'dist'));
      item.change(site);
      const result = await runPortal(site, ['build']);
      assert.match(result.stderr, item.message);
      assert.doesNotMatch(result.stderr, /\n\s+at .+:\d+:\d+\)?\n/, 'no stack trace without --verbose');
      assert.equal(result.status, item.exit ?? 1, result.stderr);
      if ((item.exit ?? 1) === 1) {
        assert.deepEqual(snapshotTree(path.join(site, 'dist')), before, 'the previous dist/ is byte-identical');
        assert.deepEqual(fs.readdirSync(site).filter((name) => name.startsWith('dist.')), [], 'no partial output left beside it');
      }
    });
  }
});

test('names with spaces, capitals and accents become predictable routes', () => {
  const site = copyFixture('basic');
  write(site, 'content/docs/infinity/Über Uns/Café Menü.md', '---\ntitle: Café\n---\nText\n');
  const result = run(site, 'build');
  assert.equal(result.status, 0, result.stderr);
  assert.ok(fs.existsSync(path.join(site, 'dist/docs/infinity/ueber-uns/cafe-menue/index.html')));
  // The URL portal 0.2 gave the page redirects to it.
  assert.match(fs.readFileSync(path.join(site, 'dist/docs/infinity/uber-uns/cafe-menu/index.html'), 'utf8'), /portal-redirect" content="\/docs\/infinity\/ueber-uns\/cafe-menue"/);
});

test('a 10 MB page builds without crashing', () => {
  const site = copyFixture('basic');
  const paragraph = 'A long line of prose that repeats so that the page weighs ten megabytes in the end. ';
  write(site, doc, `---\ntitle: Big\n---\n${Array.from({ length: 1300 }, (_, i) => `## Part ${i}\n\n${paragraph.repeat(98)}\n`).join('\n')}`);
  const result = run(site, 'build');
  assert.ok(fs.statSync(path.join(site, doc)).size > 10_000_000);
  assert.equal(result.status, 0, result.stderr);
});

test('watch mode: saving a page with an unclosed directive fails the update at its line, for the overlay', async () => {
  const site = copyFixture('basic');
  const loaded = await loadConfig('portal.config.ts', site);
  const built = await build(loaded, { outDir: path.join(site, 'dist'), reportDir: path.join(site, '.portal', 'reports'), keepState: true });
  edit(site, doc, 'Back to the', ':::tip\nNever closed.\n\nBack to the');
  const result = updateDoc(built.state!, path.join(site, doc));
  assert.ok(result.kind === 'failed', result.kind);
  assert.deepEqual(result.problems.map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.message}`), [`${doc}:7:1 \`:::tip\` opened here is never closed; it would swallow ${fs.readFileSync(path.join(site, doc), 'utf8').split('\n').length - 8} lines after it`]);
});

test('check-links counts a ".md" link to a missing file as broken and fails, judged by portal\'s own settings', () => {
  const site = copyFixture('basic');
  edit(site, 'portal.config.ts', 'licenseRequest:', "onBrokenLinks: 'warn',\n  licenseRequest:");
  edit(site, doc, 'Back to the', '[Setup](./no-such-page.md) Back to the');
  const built = run(site, 'build');
  assert.equal(built.status, 0, built.stderr);
  assert.match(built.stderr, /second-guide\.md:7:1 {2}warning: link to "\.\/no-such-page\.md" points to a Markdown file that does not exist/);
  // A copy of the output without the build's link sources (built elsewhere): the default settings judge.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-elsewhere-'));
  fs.cpSync(path.join(site, 'dist'), path.join(elsewhere, 'dist'), { recursive: true });
  const checked = run(elsewhere, 'check-links', 'dist');
  assert.equal(checked.status, 1, checked.stderr);
  assert.match(checked.stderr, /error: link to "\.\/no-such-page\.md" points to a Markdown file that does not exist[^]*1 broken/);
});
