import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { Diagnostics } from '../../../src/errors.ts';
import type { Page } from '../../../src/page.ts';
import { buildPackageReference } from '../../../src/typedoc/index.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { bodyOf, twinOf } from '../../helpers/openapi.ts';
import { compareTexts, declarationProgram, expectedTexts, shownInHtml, shownTexts } from '../../helpers/reference-fidelity.ts';

// A package whose declarations TypeDoc's model spells otherwise than the source: a reference to
// an enum member (named by the member alone), `typeof f<T>` (its type arguments dropped) and
// function-typed members (return types and type parameter constraints resolved), a mapped type
// (expanded into its members) and an interface extending an unresolved import (`unknown`).
const fixture = path.resolve(import.meta.dirname, '../../fixtures/typedoc-spellings');
const base = '/docs/infinity/packages/spellings';
let entry: string;
let pages: Page[];

before(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-spellings-'));
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  const dir = path.join(root, 'node_modules', '@fixture', 'spellings');
  fs.cpSync(fixture, dir, { recursive: true });
  entry = path.join(dir, 'types', 'index.d.ts');
  const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/spellings'] }] });
  const diagnostics = new Diagnostics();
  pages = (await buildPackageReference(root, config, { md: (markdown) => markdown }, diagnostics)).pages;
  assert.deepEqual(diagnostics.errors, []);
});

const pageAt = (route: string) => {
  const page = pages.find((candidate) => candidate.route === route);
  assert.ok(page && page.kind === 'package', `no reference page at ${route}`);
  return { page, html: bodyOf(page) };
};

describe('npm reference types spelled as declared', () => {
  test('a reference to an enum member names its enum and links to the member', () => {
    const { page, html } = pageAt(`${base}/interfaces/JoinEvent`);
    assert.deepEqual(shownInHtml(html).get('type'), ['type: Activity.Join']);
    assert.deepEqual(shownInHtml(html).get('previous'), ['previous?: Activity.Leave | null']);
    assert.match(html, new RegExp(`<a href="${base}/enums/Activity#Join">Activity\\.Join</a>`));
    assert.match(twinOf(page), /type: Activity\.Join/);
  });

  test('a type query of an instantiation expression keeps its type arguments', () => {
    const { page, html } = pageAt(`${base}/modules/type-aliases`);
    assert.deepEqual(shownInHtml(html).get('NumberBox'), ['type NumberBox = ReturnType<typeof makeBox<number>>']);
    assert.match(twinOf(page), /type NumberBox = ReturnType<typeof makeBox<number>>/);
    assert.match(shownInHtml(html).get('Boxes')?.[0] ?? '', /first: typeof makeBox<string>;\n {2}second: typeof makeBox;/);
    assert.deepEqual(shownInHtml(html).get('EventBox'), ['type EventBox = ReturnType<typeof makeBox<JoinEvent>>']);
    assert.match(html, new RegExp(`makeBox</a>&lt;<a href="${base}/interfaces/JoinEvent">JoinEvent</a>&gt;`));
  });

  test('a function-typed member keeps its parameter and return types and type parameters as written', () => {
    const { page, html } = pageAt(`${base}/interfaces/Api`);
    assert.deepEqual(shownInHtml(html).get('open'), ['open: (name: string) => Promise<Reply<"open">>']);
    assert.deepEqual(shownInHtml(html).get('reopen'), ['reopen: (previous: Reply<"open">) => void']);
    assert.deepEqual(shownInHtml(html).get('pick'), ['pick: <K extends Reply<"open"> = Reply<"open">>(value: K) => K']);
    assert.match(shownInHtml(html).get('nested')?.[0] ?? '', /close: \(\) => Reply<"close">;/);
    assert.match(twinOf(page), /open: \(name: string\) => Promise<Reply<"open">>/);
  });

  test('a mapped type is shown as written', () => {
    const { html } = pageAt(`${base}/interfaces/Limits`);
    assert.deepEqual(shownInHtml(html).get('durations'), ['durations?: { [key in Reason]?: number }']);
  });

  test('an interface extending a type whose package has no types installed names it as written', () => {
    const { page, html } = pageAt(`${base}/interfaces/Line`);
    assert.match(html, /interface Line extends <span><span class="tok-type">Description<\/span><\/span>/);
    assert.match(twinOf(page), /interface Line extends Description/);
  });

  test('every declaration of the package is shown as the compiler prints it', () => {
    const result = compareTexts(expectedTexts(declarationProgram(entry), entry), shownTexts(pages, base));
    assert.deepEqual(result.mismatches, []);
  });
});
