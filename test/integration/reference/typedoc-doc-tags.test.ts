import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { referenceMarkdown } from '../../../src/content/doc-pages.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { packageBodyHtml } from '../../../src/kinds/package.tsx';
import { createMarkdownProcessor } from '../../../src/markdown/pipeline.ts';
import type { Page } from '../../../src/page.ts';
import { buildPackageReference } from '../../../src/typedoc/index.ts';
import type { SymbolEntry } from '../../../src/typedoc/symbol-entries.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { bodyOf, twinOf } from '../../helpers/openapi.ts';
import { compareDocs, describeDocMismatch, expectedDocs } from '../../helpers/reference-doc-fidelity.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';

// Every tag the reference once dropped: a default (`@defaultValue`, `@default`), `@see` naming a
// symbol, a URL and a `{@link}`, `@throws`, the second paragraph of a `@param`, and the
// `@param` docs of destructured parameters in both forms TypeDoc reads (a named type's
// properties, and the `root0.name` of an inline type). Then what TypeDoc itself leaves out: the
// comment before each name of one `declare const`, a @param of a property with no signature,
// and the label of a URL link written `url|label`.
const declarations = `
/**
 * Settings for a kettle.
 *
 * @remarks Kettles are filled before boiling.
 * @see {@link boil}
 * @see https://kettles.example/manual
 */
export interface KettleSettings {
  /**
   * How many litres it holds.
   *
   * @defaultValue 3
   */
  litres?: number;
  /**
   * The sound it makes when done.
   * @default "whistle"
   */
  chime?: string;
  /**
   * Empties the kettle.
   * @param pause - Seconds before pouring.
   *
   * Pouring waits for the lid to open first.
   * @returns How much was poured.
   * @throws When the kettle is already empty.
   */
  pour(pause: number): number;
  /**
   * Called when the water boils.
   * @param temperature - Degrees reached.
   * @param elapsed - Seconds it took, a parameter the signature no longer has.
   * @returns Whether to keep it warm.
   */
  onBoil: (temperature: number) => boolean;
}
/**
 * Steeps the tea.
 * @param strong - Whether to steep it strong. @defaultValue false
 * @param minutes - How long to steep. @defaultValue 4
 */
export declare const steep: (strong?: boolean, minutes?: number) => void;
/**
 * Pours a measure, then a cup.
 * @param measure - Millilitres per pour.
 * @param cup - Which cup to fill.
 */
export declare const pourInto: (measure: number) => (cup: string) => void;
/**
 * Boils water.
 *
 * @param settings - Which kettle to use.
 * @param settings.litres - Overrides the capacity for this boil only.
 * @param note - Written on the kettle's display.
 *
 * An empty note clears the display.
 * @returns Nothing.
 * @throws When the kettle has no water.
 * @see KettleSettings
 * @deprecated Use steep instead.
 */
export declare function boil({ litres }: KettleSettings, note: string): void;
/**
 * Cools the water.
 * @param root0 - The cooling plan.
 * @param root0.minutes - How long to wait.
 */
export declare function cool({ minutes }: { minutes: number }): void;
declare const
/**
 * Fills the kettle from the tap.
 */
fill: (litres: number) => void,
/**
 * Descales the kettle, as {@link
 * https://kettles.example/descale |
 * the descaling guide} says.
 */
descale: () => void,
/** How many kettles are on the shelf. */
shelved: number;
export { fill, descale, shelved };
interface Signal<T> { add(listener: (value: T) => void): void }
export interface KettleEvents {
  /**
   * Fired when the switch flips.
   * @param switchId - Which switch was flipped, on kettles with more than one.
   */
  onSwitch: Signal<{ switchId: string }>;
}
/**
 * Ways a kettle can fail.
 *
 * @see {@link https://kettles.example/faults|Fault table 2}
 * @see {@link https://kettles.example/codes|Codes}
 * @see {@link https://kettles.example/lights Warning lights}
 */
export declare enum KettleFault {
  Dry = 1,
  Scaled = 2
}
`;

let root: string;
let entry: string;
let pages: Page[];
let entries: SymbolEntry[];
const base = '/docs/infinity/packages/kettles';

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-doc-tags-'));
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  const dir = path.join(root, 'node_modules', '@fixture', 'kettles');
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@fixture/kettles', version: '1.0.0', types: 'dist/index.d.ts' }));
  entry = path.join(dir, 'dist', 'index.d.ts');
  fs.writeFileSync(entry, declarations);
  const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/kettles'] }] });
  const diagnostics = new Diagnostics();
  const processor = createMarkdownProcessor({ resolveMarkdownLink: () => undefined, resolveAsset: () => undefined, loadSvg: () => undefined, media: { imageHosts: [], videoHosts: [] } });
  const reference = await buildPackageReference(root, config, { md: (markdown) => referenceMarkdown(processor, renderArticle, markdown, diagnostics) }, diagnostics);
  pages = reference.pages;
  entries = reference.entries(packageBodyHtml);
  assert.deepEqual(diagnostics.errors, []);
});

/** A page's article and twin; `modules` stands for its group pages (`modules/functions`…), where the exports are in full. */
const pageAt = (route: string) => {
  const found = pages.filter((candidate) => (route === 'modules' ? candidate.route.startsWith(`${base}/modules/`) : candidate.route === `${base}/${route}`));
  assert.ok(found.length && found.every((page) => page.kind === 'package'), `no page ${route}`);
  return { html: found.map((page) => (page.kind === 'package' ? bodyOf(page) : '')).join('\n'), twin: found.map((page) => twinOf(page)).join('\n\n') };
};

/** The twin's section under the heading that names `name` (`##` on a group page, `###` for a member), up to the next heading. */
const twinSection = (twin: string, name: string) => {
  const start = Math.max(twin.indexOf(`\n## \`${name}\``), twin.indexOf(`### \`${name}\``));
  assert.ok(start >= 0, `no section ${name}`);
  const end = twin.indexOf('\n#', start + 1);
  return twin.slice(start, end === -1 ? undefined : end);
};

describe('the npm reference keeps every doc-comment tag', () => {
  test('a member shows its default, from @defaultValue and @default', () => {
    const { html, twin } = pageAt('interfaces/KettleSettings');
    assert.match(html, /<strong>Default:<\/strong> <code>3<\/code>/);
    assert.match(twinSection(twin, 'litres'), /\*\*Default:\*\* `3`/);
    assert.match(twinSection(twin, 'chime'), /\*\*Default:\*\* `"whistle"`/);
  });

  test('@see links a symbol of the package, a {@link} and a URL', () => {
    const settings = pageAt('interfaces/KettleSettings').twin;
    assert.match(settings, /\*\*See also:\*\*\n\n- \[`boil`\]\(https:\/\/example\.test\/docs\/infinity\/packages\/kettles\/modules\/functions#boil\)\n- <https:\/\/kettles\.example\/manual>/);
    const boil = twinSection(pageAt('modules').twin, 'boil');
    assert.match(boil, /- \[`KettleSettings`\]\(https:\/\/example\.test\/docs\/infinity\/packages\/kettles\/interfaces\/KettleSettings\)/);
  });

  test('@throws, @returns and every paragraph of a @param are shown', () => {
    const pour = twinSection(pageAt('interfaces/KettleSettings').twin, 'pour');
    assert.match(pour, /\*\*Throws:\*\* When the kettle is already empty\./);
    assert.match(pour, /Seconds before pouring\.\n\n\s*Pouring waits for the lid to open first\./);
    assert.match(pour, /\*\*Returns\*\*\n\nHow much was poured\./);
    const boil = twinSection(pageAt('modules').twin, 'boil');
    assert.match(boil, /An empty note clears the display\./);
    assert.match(boil, /\*\*Throws:\*\* When the kettle has no water\./);
  });

  test('the @param docs of destructured parameters are shown under the parameter', () => {
    const modules = pageAt('modules');
    assert.match(twinSection(modules.twin, 'boil'), /[-*] `settings`\n\n\s*Which kettle to use\.\n\n\s*- `settings\.litres`\n\n\s*Overrides the capacity for this boil only\./);
    assert.match(twinSection(modules.twin, 'cool'), /- `root0\.minutes`\n\n\s*How long to wait\./);
    assert.match(modules.html, /<code>root0\.minutes<\/code><div class="reference-comment"><p>How long to wait\.<\/p>/);
  });

  test('a property of a function type shows its parameters and return value', () => {
    const onBoil = twinSection(pageAt('interfaces/KettleSettings').twin, 'onBoil');
    assert.match(onBoil, /- `temperature`\n\n\s*Degrees reached\./);
    assert.match(onBoil, /\*\*Returns\*\*\n\nWhether to keep it warm\./);
  });

  test('every default of a comment is shown, also those written inside @param texts', () => {
    assert.match(twinSection(pageAt('modules').twin, 'steep'), /\*\*Default:\*\* `false`, `4`/);
  });

  test('a @param that names no parameter of the signature is still shown, under its name', () => {
    assert.match(twinSection(pageAt('modules').twin, 'pourInto'), /\*\*Parameter:\*\* `cup`: Which cup to fill\./);
    assert.match(twinSection(pageAt('interfaces/KettleSettings').twin, 'onBoil'), /\*\*Parameter:\*\* `elapsed`: Seconds it took, a parameter the signature no longer has\./);
  });
});

describe('the npm reference reads doc text TypeDoc leaves out', () => {
  test('each variable of one `declare const a, b, c` shows the comment before its own name', () => {
    const modules = pageAt('modules');
    assert.match(twinSection(modules.twin, 'fill'), /Fills the kettle from the tap\./);
    assert.match(twinSection(modules.twin, 'descale'), /Descales the kettle, as \[the descaling guide\]\(https:\/\/kettles\.example\/descale\) says\./);
    assert.match(twinSection(modules.twin, 'shelved'), /How many kettles are on the shelf\./);
    assert.match(modules.html, /Fills the kettle from the tap\./);
    // Search and assistants read the same model: the summary of its symbol entry.
    assert.equal(entries.find((entry) => entry.name === 'fill')?.summary, 'Fills the kettle from the tap.');
  });

  test('a @param of a property whose type has no signature is shown under its name', () => {
    const { html, twin } = pageAt('interfaces/KettleEvents');
    assert.match(twinSection(twin, 'onSwitch'), /\*\*Parameter:\*\* `switchId`: Which switch was flipped, on kettles with more than one\./);
    assert.match(html, /Which switch was flipped, on kettles with more than one\./);
  });

  test('a URL link shows its label, with or without spaces around `|`, or after a space', () => {
    const { html, twin } = pageAt('enums/KettleFault');
    assert.match(twin, /- \[Fault table 2\]\(https:\/\/kettles\.example\/faults\)\n- \[Codes\]\(https:\/\/kettles\.example\/codes\)\n- \[Warning lights\]\(https:\/\/kettles\.example\/lights\)/);
    assert.match(html, /<a href="https:\/\/kettles\.example\/faults" class="external">Fault table 2<\/a>/);
    assert.match(html, /<a href="https:\/\/kettles\.example\/codes" class="external">Codes<\/a>/);
    assert.doesNotMatch(html + twin, /\|Codes|\|Fault/);
  });
});

describe('the doc fidelity check reads each tag with the compiler', () => {
  test('every tag text of the fixture is on its page and in its twin', () => {
    const expected = expectedDocs(entry, path.dirname(path.dirname(entry)));
    const { mismatches, compared } = compareDocs(expected, pages, base);
    assert.deepEqual(mismatches.map((mismatch) => describeDocMismatch('@fixture/kettles', mismatch)), []);
    assert.ok(compared >= 2 * 20, `compared ${compared} texts`);
    assert.ok(expected.some((item) => item.symbol === 'KettleSettings.litres' && item.tag === '@defaultValue' && item.text.trim() === '3'));
    assert.ok(expected.some((item) => item.symbol === 'boil' && item.tag === '@param settings.litres'));
  });

  test('a default missing from the page is reported with its symbol, tag and text', () => {
    // Planted in the page's model: the comment's drawn default left out, as a page that lost it would.
    const planted = pages.map((page) =>
      page.kind === 'package' && 'tables' in page.body
        ? { ...page, body: { ...page.body, tables: { ...page.body.tables, comments: Object.fromEntries(Object.entries(page.body.tables.comments).map(([key, html]) => [key, /Default:.*<code>3<\/code>/.test(html.defaultValue ?? '') ? { ...html, defaultValue: undefined } : html])) } } }
        : page,
    );
    const { mismatches } = compareDocs(expectedDocs(entry, path.dirname(path.dirname(entry))), planted, base);
    assert.deepEqual(
      mismatches.map((mismatch) => describeDocMismatch('@fixture/kettles', mismatch)),
      ['@fixture/kettles KettleSettings.litres @defaultValue (page): "3" not shown', '@fixture/kettles KettleSettings.litres @defaultValue (twin): "3" not shown'],
    );
  });
});
