import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { buildPackageReference, type PackageReference } from '../../../src/typedoc/index.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { headingCount, headingsWithoutAnchor } from '../../helpers/heading-anchors.ts';
import { bodyOf } from '../../helpers/openapi.ts';

/** A project with two small installed packages; beta's types use alpha's. */
function makeProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-typedoc-'));
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }');
  const write = (name: string, version: string, files: Record<string, string>, manifest: Record<string, unknown> = {}) => {
    const dir = path.join(root, 'node_modules', '@fixture', name);
    fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@fixture/${name}`, version, description: `The ${name} package.`, types: 'dist/index.d.ts', ...manifest }));
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'dist', file), text);
  };
  write('alpha', '1.2.3', {
    'index.d.ts': `
/** A colour the widget can take. */
export declare enum Colour { Red = "red", Blue = "blue" }
/** Options for {@link createWidget}. */
export interface WidgetOptions {
  /** How wide, in pixels. */
  width: number;
  colour?: Colour;
}
/**
 * Creates a widget.
 * @param options - what the widget looks like
 * @returns the new widget
 * @example
 * const widget = createWidget({ width: 10 });
 */
export declare function createWidget(options: WidgetOptions): Widget;
/** A drawn widget. */
export declare class Widget implements Drawable {
  constructor(options: WidgetOptions);
  readonly options: WidgetOptions;
  /** @deprecated Use redraw instead. */
  draw(): void;
  redraw(colour?: Colour): Promise<void>;
}
export interface Drawable { draw(): void }
export type Size = { width: number; height?: number } | "auto";
export declare const version: string;
`,
  });
  // An earlier alpha, installed as the npm alias the changelog compares (history.packages).
  write('alpha-1-0-0', '1.0.0', {
    'index.d.ts': `
export declare enum Colour { Red = "red", Blue = "blue" }
export interface WidgetOptions { width?: number; colour?: Colour }
export declare function createWidget(options: WidgetOptions): Widget;
export declare class Widget implements Drawable {
  constructor(options: WidgetOptions);
  readonly options: WidgetOptions;
  draw(): void;
}
export interface Drawable { draw(): void }
export declare const version: string;
`,
  }, { name: '@fixture/alpha' });
  write('beta', '0.1.0', {
    'index.d.ts': `import type { Widget, WidgetOptions } from '@fixture/alpha';
/** Holds widgets. */
export interface Shelf { widgets: Widget[]; defaults: WidgetOptions; extra: HTMLElement }
export declare function makeShelf(): Shelf;
`,
  }, { dependencies: { '@fixture/alpha': '1.2.3' } });
  return root;
}

let root: string;
let reference: PackageReference;
let diagnostics: Diagnostics;

before(async () => {
  root = makeProject();
  diagnostics = new Diagnostics();
  const config = validateConfig({
    ...fixtureConfig,
    npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/alpha', '@fixture/beta'] }],
    history: { packages: { '@fixture/alpha': ['1.0.0'] } },
  });
  reference = await buildPackageReference(root, config, { md: (markdown) => `<p>${markdown.replace(/</g, '&lt;')}</p>` }, diagnostics);
});

const page = (route: string) => {
  const found = reference.pages.find((p) => p.route === route);
  assert.ok(found, `no page ${route}; have ${reference.pages.map((p) => p.route).join(', ')}`);
  return bodyOf(found);
};

describe('npm package reference (TypeDoc)', () => {
  test('each package gets an index, a modules page, a page per group of exports shown in full, pages for classes, interfaces and enums, and a changelog', () => {
    assert.deepEqual(diagnostics.errors, []);
    assert.deepEqual(reference.pages.map((p) => p.route).sort(), [
      '/docs/infinity/packages/alpha',
      '/docs/infinity/packages/alpha/changelog',
      '/docs/infinity/packages/alpha/changelog/v1-2-3-proofs',
      '/docs/infinity/packages/alpha/classes/Widget',
      '/docs/infinity/packages/alpha/enums/Colour',
      '/docs/infinity/packages/alpha/interfaces/Drawable',
      '/docs/infinity/packages/alpha/interfaces/WidgetOptions',
      '/docs/infinity/packages/alpha/modules',
      '/docs/infinity/packages/alpha/modules/functions',
      '/docs/infinity/packages/alpha/modules/type-aliases',
      '/docs/infinity/packages/alpha/modules/variables',
      '/docs/infinity/packages/beta',
      '/docs/infinity/packages/beta/changelog',
      '/docs/infinity/packages/beta/interfaces/Shelf',
      '/docs/infinity/packages/beta/modules',
      '/docs/infinity/packages/beta/modules/functions',
    ]);
    assert.deepEqual(reference.stats.converted.sort(), ['@fixture/alpha', '@fixture/beta']);
  });

  test('every heading of every reference page has a "#" link with an accessible name', () => {
    for (const { route } of reference.pages) {
      const html = page(route);
      assert.ok(headingCount(html) >= 1, `${route} has headings`);
      assert.deepEqual(headingsWithoutAnchor(html), [], route);
    }
  });

  test('the index shows the install command with the version, entry points and @pexip-style dependencies', () => {
    const html = page('/docs/infinity/packages/beta');
    assert.match(html, /npm install @fixture\/beta@0\.1\.0/);
    assert.match(html, /<code>@fixture\/beta<\/code>: <code>dist\/index\.d\.ts<\/code>/);
    assert.match(html, /href="\/docs\/infinity\/packages\/modules"|href="\/docs\/infinity\/packages\/beta\/modules"/);
  });

  test('signatures, parameters, returns, examples and deprecation come from the declarations', () => {
    const modules = page('/docs/infinity/packages/alpha/modules/functions') + page('/docs/infinity/packages/alpha/modules/type-aliases');
    // createWidget takes WidgetOptions, whose width became required: the checker marks the function too.
    assert.match(modules, /<h2 id="createWidget"><code>createWidget<\/code><span> <a class="schema-constraint version-mark" href="\/docs\/infinity\/packages\/alpha\/changelog#v1-2-3">changed between 1\.0\.0 and 1\.2\.3<\/a><\/span><a href="#createWidget" class="hash-link" aria-label="Direct link to createWidget" data-markdown-ignore="">#<\/a><\/h2>/);
    assert.match(modules, /createWidget\(options: <a href="\/docs\/infinity\/packages\/alpha\/interfaces\/WidgetOptions">WidgetOptions<\/a>\): <a href="\/docs\/infinity\/packages\/alpha\/classes\/Widget">Widget<\/a>/);
    assert.match(modules, /what the widget looks like/);
    assert.match(modules, /the new widget/);
    assert.match(modules, /const widget = createWidget/);
    assert.match(modules, /type Size = \{/);
    assert.match(modules, /&quot;auto&quot;/);
    const widget = page('/docs/infinity/packages/alpha/classes/Widget');
    assert.match(widget, /class Widget implements <span><a href="\/docs\/infinity\/packages\/alpha\/interfaces\/Drawable">Drawable<\/a>/);
    assert.match(widget, /<h2 id="constructors">Constructors<a href="#constructors" class="hash-link" aria-label="Direct link to Constructors" data-markdown-ignore="">#<\/a><\/h2>/);
    assert.match(widget, /<h3 id="options"><code>options<\/code> <span class="schema-constraint">readonly<\/span><span> <a class="schema-constraint version-mark" href="\/docs\/infinity\/packages\/alpha\/changelog#v1-2-3">changed between 1\.0\.0 and 1\.2\.3<\/a><\/span><a href="#options" class="hash-link" aria-label="Direct link to options" data-markdown-ignore="">#<\/a><\/h3>/);
    assert.match(widget, /Deprecated[\s\S]*Use redraw instead/);
    assert.match(widget, /redraw\(colour\?: <a href="\/docs\/infinity\/packages\/alpha\/enums\/Colour">Colour<\/a>\): <span class="tok-type">Promise<\/span>&lt;<span class="tok-type">void<\/span>&gt;/);
    assert.match(widget, /Declared in <a href="https:\/\/unpkg\.com\/@fixture\/alpha@1\.2\.3\/dist\/index\.d\.ts">dist\/index\.d\.ts, line \d+<\/a>/);
    const colour = page('/docs/infinity/packages/alpha/enums/Colour');
    assert.match(colour, /<tr id="Red"><td><code>Red<\/code><\/td><td><code><span class="tok-literal">&quot;red&quot;<\/span><\/code><\/td>/);
  });

  test('the modules page lists every group with its count, links each group shown in full to its page, and keeps an anchor of every export\'s name', () => {
    const modules = page('/docs/infinity/packages/alpha/modules');
    assert.match(modules, /<h2 id="functions">Functions \(1\)/);
    assert.match(modules, /In full: <span><a href="\/docs\/infinity\/packages\/alpha\/modules\/functions">functions<\/a><\/span>\./);
    // An older `modules#createWidget` link still lands on the export's name, which links where it is shown now.
    assert.match(modules, /<li id="createWidget"><a href="\/docs\/infinity\/packages\/alpha\/modules\/functions#createWidget"><code>createWidget<\/code><\/a>/);
    assert.match(modules, /<li id="Widget"><a href="\/docs\/infinity\/packages\/alpha\/classes\/Widget">/);
    assert.doesNotMatch(modules, /TypeScript declaration/, 'the declarations are on the group pages');
  });

  test('types from another package of the area link to it; outside types are plain names', () => {
    const shelf = page('/docs/infinity/packages/beta/interfaces/Shelf');
    assert.match(shelf, /widgets: <a href="\/docs\/infinity\/packages\/alpha\/classes\/Widget">Widget<\/a>\[\]/);
    assert.match(shelf, /defaults: <a href="\/docs\/infinity\/packages\/alpha\/interfaces\/WidgetOptions">WidgetOptions<\/a>/);
    assert.match(shelf, /extra: <span class="tok-type">HTMLElement<\/span>/);
  });

  test('symbols of the area are known by name, for links from guides', () => {
    const symbols = reference.symbols.get('infinity')!;
    assert.equal(symbols.byName.get('createWidget'), '/docs/infinity/packages/alpha/modules/functions#createWidget');
    assert.equal(symbols.byName.get('Shelf'), '/docs/infinity/packages/beta/interfaces/Shelf');
  });

  test('a warm build reads the cached model and runs no conversion', async () => {
    const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'infinity', folder: 'infinity/packages', packages: ['@fixture/alpha', '@fixture/beta'] }], history: { packages: { '@fixture/alpha': ['1.0.0'] } } });
    const warm = await buildPackageReference(root, config, { md: (markdown) => markdown }, new Diagnostics());
    assert.deepEqual(warm.stats.converted, []);
    assert.deepEqual(warm.stats.fromCache.sort(), ['@fixture/alpha', '@fixture/beta']);
    assert.equal(warm.pages.length, reference.pages.length);
  });

  test('a package that is not installed fails with its name and the fix', async () => {
    const config = validateConfig({ ...fixtureConfig, npmReference: [{ area: 'vpaas', folder: 'vpaas/packages', packages: ['@fixture/missing'] }] });
    const problems = new Diagnostics();
    await buildPackageReference(root, config, { md: (markdown) => markdown }, problems);
    assert.match(problems.errors[0].message, /npm package @fixture\/missing is not installed/);
    assert.match(problems.errors[0].hint ?? '', /run npm install/);
  });

  test('the changelog compares the earlier version, and reference pages mark what it added and changed (with no recorded releases, as the range between the two)', () => {
    const changelog = page('/docs/infinity/packages/alpha/changelog');
    assert.match(changelog, /<h2 id="v1-2-3">1\.0\.0 → 1\.2\.3/);
    // A member that became required is breaking, with the compiler's own words as the reason.
    const breaking = changelog.slice(changelog.indexOf('id="v1-2-3-breaking"'), changelog.indexOf('id="v1-2-3-deprecated"'));
    assert.match(breaking, /changelog-changed">changed<\/span> <a href="\/docs\/infinity\/packages\/alpha\/interfaces\/WidgetOptions#width"><code>WidgetOptions\.width<\/code><\/a>: earlier code fails: Type &#x27;undefined&#x27; is not assignable to type &#x27;number&#x27;\./);
    assert.match(changelog, /changelog-deprecated">deprecated<\/span> <a href="\/docs\/infinity\/packages\/alpha\/classes\/Widget#draw"><code>Widget\.draw<\/code><\/a>: Use redraw instead\./);
    assert.match(changelog, /changelog-added">added<\/span> <a href="[^"]*"><code>Size<\/code>/);
    assert.match(page('/docs/infinity/packages/alpha/classes/Widget'), /<h3 id="redraw"><code>redraw<\/code><span> <a class="schema-constraint version-mark" href="\/docs\/infinity\/packages\/alpha\/changelog#v1-2-3">added between 1\.0\.0 and 1\.2\.3<\/a>/);
    assert.match(page('/docs/infinity/packages/alpha/interfaces/WidgetOptions'), /version-mark" href="\/docs\/infinity\/packages\/alpha\/changelog#v1-2-3">changed between 1\.0\.0 and 1\.2\.3</);
    assert.match(page('/docs/infinity/packages/beta/changelog'), /@fixture\/beta 0\.1\.0 is the first version documented here/);
  });
});
