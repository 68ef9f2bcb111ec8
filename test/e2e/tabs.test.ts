import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useFixtureSite } from '../helpers/browser.ts';

// Two guides with tab sets of the "code-language" group (one in each of the two written forms)
// and one set whose group lacks a value the reader may pick.
const site = useFixtureSite((root) => {
  const guides = path.join(root, 'content/docs/infinity/guides');
  fs.writeFileSync(
    path.join(guides, 'tabbed-setup.md'),
    [
      '---', 'title: Tabbed setup', 'sidebar_position: 10', '---', '',
      'import Tabs from \'@theme/Tabs\';', 'import TabItem from \'@theme/TabItem\';', '',
      '<Tabs groupId="code-language">', '<TabItem value="kotlin" label="Kotlin">', '', 'Kotlin steps here.', '', '</TabItem>',
      '<TabItem value="swift" label="Swift">', '', 'Swift steps here.', '', '</TabItem>', '</Tabs>', '',
      'Between the sets.', '',
      '::::tabs{group="code-language"}', ':::tab[Kotlin]{value="kotlin"}', 'Second Kotlin panel.', ':::', ':::tab[Swift]{value="swift"}', 'Second Swift panel.', ':::', '::::', '',
      'See [the next page](./tabbed-next.md).', '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(guides, 'tabbed-next.md'),
    [
      '---', 'title: Tabbed next', 'sidebar_position: 11', '---', '',
      '::::tabs{group="code-language"}', ':::tab[Kotlin]{value="kotlin"}', 'Next Kotlin panel.', ':::', ':::tab[Swift]{value="swift"}', 'Next Swift panel.', ':::', '::::', '',
      '::::tabs{group="code-language"}', ':::tab[curl]{value="curl"}', 'Only curl here.', ':::', ':::tab[Go]{value="go"}', 'Only Go here.', ':::', '::::', '',
    ].join('\n'),
  );
  // A small API of two operations, for the request samples' language choice across its pages.
  fs.mkdirSync(path.join(root, 'content/specs'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'content/specs/rooms.yaml'),
    [
      'openapi: 3.0.3',
      "info: { title: Rooms API, version: '1' }",
      "servers: [{ url: 'https://rooms.example.test' }]",
      'paths:',
      '  /rooms:',
      '    get: { operationId: listRooms, summary: List rooms, responses: { "200": { description: The rooms. } } }',
      '  /rooms/{id}:',
      '    get:',
      '      operationId: getRoom',
      '      summary: Get a room',
      '      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]',
      '      responses: { "200": { description: The room. } }',
      '',
    ].join('\n'),
  );
  const config = path.join(root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('  licenseRequest:', "  openapi: [{ spec: 'content/specs/rooms.yaml', area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } }],\n  licenseRequest:"));
  // Tab sets inside tabs, in both forms and each form inside the other.
  fs.writeFileSync(
    path.join(guides, 'tabbed-nested.md'),
    [
      '---', 'title: Tabbed nested', 'sidebar_position: 12', '---', '',
      'import Tabs from \'@theme/Tabs\';', 'import TabItem from \'@theme/TabItem\';', '',
      '::::::tabs{group="platform"}', ':::::tab[Android]{value="android"}', '',
      '<Tabs groupId="code-language">', '<TabItem value="kotlin" label="Kotlin">', '', 'Outer one, Kotlin.', '', '</TabItem>',
      '<TabItem value="java" label="Java">', '', 'Outer one, Java.', '', '</TabItem>', '</Tabs>', '',
      ':::::', ':::::tab[iOS]{value="ios"}', 'Outer one, iOS.', ':::::', '::::::', '',
      '<Tabs groupId="platform">', '<TabItem value="android" label="Android">', '',
      '::::tabs{group="code-language"}', ':::tab[Kotlin]{value="kotlin"}', 'Outer two, Kotlin.', ':::', ':::tab[Java]{value="java"}', 'Outer two, Java.', ':::', '::::', '',
      '</TabItem>', '<TabItem value="ios" label="iOS">', '', 'Outer two, iOS.', '', '</TabItem>', '</Tabs>', '',
    ].join('\n'),
  );
});

const selected = (page: Page) => page.$$eval('[data-tabs] [role="tab"][aria-selected="true"]', (tabs) => tabs.map((tab) => tab.textContent));
const visiblePanels = (page: Page) => page.$$eval('[role="tabpanel"]', (panels) => panels.filter((panel) => !(panel as HTMLElement).hidden).map((panel) => (panel as HTMLElement).innerText.trim()));

// The innermost panels a reader can see (a panel inside a hidden panel is not seen).
const seenLeafPanels = (page: Page) =>
  page.$$eval('[role="tabpanel"]', (panels) => panels.filter((panel) => !panel.querySelector('[role="tabpanel"]') && (panel as HTMLElement).offsetParent !== null).map((panel) => (panel as HTMLElement).innerText.trim()));

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

describe('tabs', () => {
  /** axe-core's violations in the article of a page, once it has hydrated. */
  async function axeViolations(route: string): Promise<string[]> {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}${route}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.addScriptTag({ path: axeSource });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run(document.querySelector('main')!, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
      return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
    });
    await context.close();
    return violations;
  }

  test('axe-core finds no violations on a page of tab sets (ARIA tabs, labels, contrast)', async () => {
    assert.deepEqual(await axeViolations('/docs/infinity/guides/tabbed-setup'), []);
  });

  test('axe-core finds no violations on nested tab sets', async () => {
    assert.deepEqual(await axeViolations('/docs/infinity/guides/tabbed-nested'), []);
  });

  test('a row of tabs that fits has no fade; one narrower than its tabs fades at the edge with more tabs behind it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/guides/tabbed-setup`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const fades = () =>
      page.$eval('[role="tablist"]', (list) => ({
        overflows: list.scrollWidth > list.clientWidth,
        fades: [getComputedStyle(list).getPropertyValue('--tabs-fade-start'), getComputedStyle(list).getPropertyValue('--tabs-fade-end')].map(parseFloat),
      }));
    assert.deepEqual(await fades(), { overflows: false, fades: [0, 0] });
    await page.$eval('[role="tablist"]', (list) => (list.style.width = '4rem'));
    const narrow = await fades();
    assert.equal(narrow.overflows, true);
    assert.equal(narrow.fades[0], 0, 'nothing before the first tab');
    assert.ok(narrow.fades[1] > 0, 'the right edge fades');
    await context.close();
  });

  test('a choice selects the same tab in every set of its group, and is remembered across reloads and pages', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/guides/tabbed-setup`);
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.deepEqual(await selected(page), ['Kotlin', 'Kotlin']);
    await page.click('[data-tabs] [role="tab"]:has-text("Swift")');
    assert.deepEqual(await selected(page), ['Swift', 'Swift']);
    assert.deepEqual(await visiblePanels(page), ['Swift steps here.', 'Second Swift panel.']);
    assert.equal(await page.evaluate(() => localStorage.getItem('portal.tab.code-language')), 'swift');

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.deepEqual(await selected(page), ['Swift', 'Swift'], 'remembered after a reload');

    await page.click('main a[href="/docs/infinity/guides/tabbed-next"]');
    await page.waitForFunction(() => document.title.startsWith('Tabbed next'));
    await page.waitForSelector('[role="tabpanel"]:not([hidden]) >> text=Next Swift panel.', { timeout: 3000 }).catch(() => undefined);
    // The second set has no Swift tab: it keeps its default.
    assert.deepEqual(await selected(page), ['Swift', 'curl'], 'remembered on another page');
    await context.close();
  });

  test("the reader's sample language is kept from one API operation to the next, and across reloads", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const samples = (current: Page) => current.$$eval('.tabs[data-tab-group="code-language"] [role="tab"][aria-selected="true"]', (tabs) => tabs.map((tab) => tab.textContent));
    await page.goto(`${site.base}/docs/vpaas/api/list-rooms`);
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.deepEqual(await samples(page), ['curl'], 'curl comes first');
    await page.click('.tabs[data-tab-group="code-language"] [role="tab"]:text-is("Python")');
    assert.deepEqual(await samples(page), ['Python']);

    await page.click('.doc-sidebar a[href="/docs/vpaas/api/get-room"]');
    await page.waitForFunction(() => document.title.startsWith('Get a room'));
    await page.waitForSelector('.tabs[data-tab-group="code-language"] [role="tab"][aria-selected="true"]:text-is("Python")', { timeout: 3000 }).catch(() => undefined);
    assert.deepEqual(await samples(page), ['Python'], 'the next operation shows Python');
    assert.match(await page.innerText('.tabs[data-tab-group="code-language"] [role="tabpanel"]:not([hidden])'), /import requests/);

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.deepEqual(await samples(page), ['Python'], 'and after a reload');
    await context.close();
  });

  test('follows the ARIA tabs pattern: arrows, Home and End move the selection and the focus', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/guides/tabbed-next`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.focus('[data-tabs] [role="tab"][aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Swift');
    assert.equal(await page.getAttribute('[role="tab"]:has-text("Swift")', 'tabindex'), '0');
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Kotlin');
    const controls = await page.getAttribute('[role="tab"]:has-text("Kotlin")', 'aria-controls');
    assert.equal(await page.getAttribute(`#${controls}`, 'role'), 'tabpanel');
    await context.close();
  });

  test('a tab set inside a tab is a tab set of its own, synced by its group apart from the set around it', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/guides/tabbed-nested`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const lists = await page.$$eval('[role="tablist"]', (all) => all.map((list) => [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent).join('|')));
    assert.deepEqual(lists, ['Android|iOS', 'Kotlin|Java', 'Android|iOS', 'Kotlin|Java'], 'four widgets, each with only its own tabs');
    assert.deepEqual(await selected(page), ['Android', 'Kotlin', 'Android', 'Kotlin']);
    assert.deepEqual(await seenLeafPanels(page), ['Outer one, Kotlin.', 'Outer two, Kotlin.']);

    await page.click('[role="tab"]:has-text("Java") >> nth=0');
    assert.deepEqual(await selected(page), ['Android', 'Java', 'Android', 'Java'], 'the inner group follows; the outer sets keep their tab');
    assert.deepEqual(await seenLeafPanels(page), ['Outer one, Java.', 'Outer two, Java.']);

    await page.focus('[role="tab"][aria-selected="true"]:has-text("Java") >> nth=1');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Kotlin', 'the arrows stay within the inner set');
    assert.deepEqual(await selected(page), ['Android', 'Kotlin', 'Android', 'Kotlin']);

    await page.click('[role="tab"]:has-text("iOS") >> nth=1');
    assert.deepEqual(await selected(page), ['iOS', 'Kotlin', 'iOS', 'Kotlin']);
    assert.deepEqual(await seenLeafPanels(page), ['Outer one, iOS.', 'Outer two, iOS.']);
    assert.equal(await page.evaluate(() => localStorage.getItem('portal.tab.platform')), 'ios');
    await context.close();
  });

  test('without JavaScript every panel is shown under its label', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/guides/tabbed-setup`);
    const shown = await page.$$eval('[role="tabpanel"]', (panels) => panels.filter((panel) => getComputedStyle(panel).display !== 'none').length);
    assert.equal(shown, 4);
    assert.equal(await page.isVisible('text=Swift steps here.'), true);
    await context.close();
  });
});


