import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { referenceMarkdown } from '../../../src/content/doc-pages.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { createMarkdownProcessor } from '../../../src/markdown/pipeline.ts';
import type { Page } from '../../../src/page.ts';
import { buildPackageReference } from '../../../src/typedoc/index.ts';
import { readmeSummaryOf } from '../../../src/typedoc/readme-summary.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { bodyOf, twinOf } from '../../helpers/openapi.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';

const declarations = `
/** A garden bed. */
export declare class Bed {
  /** Digs a new bed. */
  constructor(length: number);
  /** What grows in each row. */
  rows: { crop: string; spacing: number }[];
  /** How much of the bed is planted. */
  get planted(): number;
  /** Sows a crop. */
  sow(crop: string): void;
  sow(crop: string, row: number): void;
}
/** What a sprinkler needs. */
export interface Sprinkler {
  /** Litres per minute. */
  flow: number;
  /** Starts watering. */
  start(minutes?: number): Promise<void>;
}
`;

const readme = `# @fixture/garden

[![build](https://badges.example/garden.svg)](https://ci.example/garden)

Tools for planning a **garden**, with [its guide](https://garden.example/guide) and [the notes](./docs/NOTES.md).
<img src="logo.png">

A second paragraph ![inline](x.png) about beds.

A third paragraph, not part of the summary.

## Install

npm install @fixture/garden
`;

let pages: Page[];
let warnings: string[];
const base = '/docs/infinity/packages/garden';

/** A project with @fixture/garden installed; its README as given (a string, or a symlink target). */
async function build(readmeFile: (dir: string) => void): Promise<{ pages: Page[]; warnings: string[] }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-compact-'));
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  const dir = path.join(root, 'node_modules', '@fixture', 'garden');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/garden', version: '2.0.0', types: 'dist/index.d.ts' }));
  fs.writeFileSync(path.join(dir, 'dist', 'index.d.ts'), declarations);
  readmeFile(dir);
  const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/garden'] }] });
  const diagnostics = new Diagnostics();
  const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined, media: { imageHosts: [], videoHosts: [] } });
  const built = await buildPackageReference(root, config, { md: (markdown) => referenceMarkdown(processor, renderArticle, markdown, diagnostics) }, diagnostics);
  assert.deepEqual(diagnostics.errors, []);
  return { pages: built.pages, warnings: diagnostics.problems.filter((problem) => problem.severity === 'warning').map((problem) => `${problem.file}: ${problem.message}`) };
}

before(async () => {
  ({ pages, warnings } = await build((dir) => fs.writeFileSync(path.join(dir, 'README.md'), readme)));
});

const pageAt = (route: string) => {
  const page = pages.find((candidate) => candidate.route === route);
  assert.ok(page && page.kind === 'package', `no page ${route}`);
  return page;
};
const htmlOf = (page: Page) => (page.kind === 'package' ? bodyOf(page) : '');

describe('a class or interface page opens with a member table', () => {
  test('each member in a row: its name linked to its section, its type and its first sentence', () => {
    const page = pageAt(`${base}/classes/Bed`);
    const twin = twinOf(page);
    const table = twin.slice(twin.indexOf('## Members'), twin.indexOf('## Constructors'));
    const rows = table.split('\n').filter((line) => line.startsWith('| ['));
    assert.deepEqual(
      rows.map((row) => row.split('|').map((cell) => cell.trim()).slice(1, -1)),
      [
        ['[`constructor`](https://example.test/docs/infinity/packages/garden/classes/Bed.md#constructor)', '`(length: number) => Bed`', 'Digs a new bed.'],
        ['[`rows`](https://example.test/docs/infinity/packages/garden/classes/Bed.md#rows)', '`{ … }[]`', 'What grows in each row.'],
        ['[`planted`](https://example.test/docs/infinity/packages/garden/classes/Bed.md#planted)', '`number`', 'How much of the bed is planted.'],
        ['[`sow`](https://example.test/docs/infinity/packages/garden/classes/Bed.md#sow)', '`(crop: string) => void (+1 overload)`', 'Sows a crop.'],
      ],
    );
  });

  test('the table comes before the sections, whose anchors are unchanged, and is in the table of contents', () => {
    const page = pageAt(`${base}/interfaces/Sprinkler`);
    const html = htmlOf(page);
    assert.ok(html.indexOf('id="members-overview"') < html.indexOf('id="properties"'));
    for (const anchor of ['flow', 'start']) {
      assert.match(html, new RegExp(`<h3 id="${anchor}">`));
      assert.match(html, new RegExp(`<a href="#${anchor}"><code>${anchor}</code></a>`));
    }
    assert.deepEqual(page.toc[0], { depth: 2, id: 'members-overview', text: 'Members' });
    assert.equal(html.match(/id="flow"/g)?.length, 1, 'the table adds no second element with a member anchor');
  });
});

describe("a package page shows its README's summary", () => {
  test('the opening paragraphs, without badges, images or links to files of the repository', () => {
    const page = pageAt(base);
    const twin = twinOf(page);
    assert.match(twin, /Tools for planning a \*\*garden\*\*, with \[its guide\]\(https:\/\/garden\.example\/guide\) and the notes\.\n\nA second paragraph {1,2}about beds\.\n\nFrom the README of `@fixture\/garden@2\.0\.0`\./);
    assert.doesNotMatch(twin, /third paragraph|badges\.example|NOTES\.md|logo\.png/);
    assert.equal(page.description, 'Tools for planning a garden, with its guide and the notes.');
    assert.deepEqual(warnings, []);
  });

  test('a README that is a symlink out of the package is not read, with a warning', async () => {
    const secret = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outside-')), 'notes.md');
    fs.writeFileSync(secret, 'A private note that must not be published.\n');
    const built = await build((dir) => fs.symlinkSync(secret, path.join(dir, 'README.md')));
    assert.doesNotMatch(htmlOf(built.pages.find((page) => page.route === base)!), /private note/);
    assert.equal(built.warnings.length, 1);
    assert.match(built.warnings[0], /^@fixture\/garden\/README\.md: npm package @fixture\/garden: its README .*outside.*; the package page shows no summary from it$/);
  });

  test('the summary stops at the first heading, list or code block', () => {
    assert.equal(readmeSummaryOf('# t\n\nOne.\n\n- a list\n\nTwo.'), 'One.');
    assert.equal(readmeSummaryOf('# t\n\n## Install\n\nText.'), undefined);
    assert.equal(readmeSummaryOf('Intro without a title.\n\n```sh\nnpm i\n```'), 'Intro without a title.');
  });
});
