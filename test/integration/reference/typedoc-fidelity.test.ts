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

// Declarations whose types the reference used to show wrongly: an alias of an object literal
// (shown as `unknown`), an interface's index signature (left out), overloaded call signatures
// (shown as an intersection), a function type in a union (parentheses dropped), a quoted member
// name and `| undefined` (dropped without strict null checks).
const declarations = `
export type UIError = { reason: string };
export type ToolbarButtonPayload = { id: string; label?: string; onClick: (event: MouseEvent) => void };
export interface Counters { [name: string]: number; total: number }
export type Handler = (() => void) | null;
export type Resolver = { (a: string): string; (a: number): number };
export type TestProps = { 'data-testid'?: string };
export declare function find(id: string | undefined): string | undefined;
`;

let root: string;
let entry: string;
let pages: Page[];
const base = '/docs/infinity/packages/shapes';

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-fidelity-'));
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  const dir = path.join(root, 'node_modules', '@fixture', 'shapes');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/shapes', version: '1.0.0', types: 'dist/index.d.ts' }));
  entry = path.join(dir, 'dist', 'index.d.ts');
  fs.writeFileSync(entry, declarations);
  const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/shapes'] }] });
  const diagnostics = new Diagnostics();
  pages = (await buildPackageReference(root, config, { md: (markdown) => markdown }, diagnostics)).pages;
  assert.deepEqual(diagnostics.errors, []);
});

const modules = () => {
  const page = pages.find((candidate) => candidate.route === `${base}/modules/type-aliases`);
  assert.ok(page && page.kind === 'package');
  return page;
};

describe('npm reference types round-trip to the compiler', () => {
  test('an alias of an object literal shows its members, on the page and in the twin', () => {
    const page = modules();
    const html = bodyOf(page);
    assert.deepEqual(shownInHtml(html).get('UIError'), ['type UIError = {\n  reason: string;\n}']);
    assert.match(twinOf(page), /```ts\ntype UIError = \{\n {2}reason: string;\n\}\n```/);
    assert.deepEqual(shownInHtml(html).get('ToolbarButtonPayload'), ['type ToolbarButtonPayload = {\n  id: string;\n  label?: string;\n  onClick: (event: MouseEvent) => void;\n}']);
  });

  test('every declaration is shown exactly as declared', () => {
    const expected = expectedTexts(declarationProgram(entry), entry);
    const result = compareTexts(expected, shownTexts(pages, base));
    assert.deepEqual(result.mismatches, []);
    assert.equal(result.declared, result.compared, 'each text as declared, with no normalisation beyond layout');
    assert.deepEqual(
      expected.map((item) => item.symbol).sort(),
      ['Counters', 'Counters.total', 'Counters[index]', 'Handler', 'Resolver', 'TestProps', 'ToolbarButtonPayload', 'UIError', 'find'],
    );
  });

  test('an object alias shown as `unknown` is reported with the package symbol and both texts', () => {
    const planted = pages.map((page) =>
      // Planted in the page's model: the alias loses its members, so the page draws `unknown`.
      page.kind === 'package' && page.body.page === 'module-group'
        ? { ...page, body: { ...page.body, group: { ...page.body.group, members: page.body.group.members.map((member) => (member.name === 'UIError' ? { ...member, type: undefined, children: undefined } : member)) } } }
        : page,
    );
    const { mismatches } = compareTexts(expectedTexts(declarationProgram(entry), entry), shownTexts(planted, base));
    assert.deepEqual(
      mismatches.map((mismatch) => [mismatch.symbol, mismatch.where, mismatch.shown]),
      [
        ['UIError', 'page', 'type UIError = unknown'],
        ['UIError', 'twin', 'type UIError = unknown'],
      ],
    );
    assert.equal(mismatches[0].expected, 'type UIError = {\n    reason: string;\n}');
  });
});
