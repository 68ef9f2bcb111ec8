// What a reader gets in the page beyond the article: in-page navigation at every width with the
// current section marked, anchor links, page controls for the Markdown twin, click-to-zoom,
// the keyboard-shortcuts dialog and print styles; at desktop and phone widths, light and dark.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useFixtureSite } from '../helpers/browser.ts';

const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');

const site = useFixtureSite();

const widths = { desktop: { width: 1280, height: 800 }, tablet: { width: 1100, height: 800 }, phone: { width: 390, height: 844 } };

/** A fresh page (own storage) in the given colour mode, hydrated, failing the test on any page error. */
async function open(path: string, options: { size?: keyof typeof widths; theme?: 'light' | 'dark' } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await site.browser.newContext({ viewport: widths[options.size ?? 'desktop'], reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme ?? 'light');
  await page.goto(`${site.base}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, errors };
}

/** axe-core on the document as it is now (dialogs and menus open included): '' when clean. */
async function axeReport(page: Page): Promise<string> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`).join('\n');
  });
}

const currentLinks = (page: Page, scope: string) =>
  page.$$eval(`${scope} .toc-list a[aria-current]`, (links) => links.map((link) => `${link.getAttribute('href')}=${link.getAttribute('aria-current')}`));

/** Scrolls so a heading sits just below the navbar, as a reader who reached it would see it. */
async function scrollToHeading(page: Page, id: string) {
  await page.evaluate((target) => {
    const top = document.getElementById(target)!.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - 100);
  }, id);
}

describe('in-page navigation', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`desktop, ${theme}: the side TOC marks the section being read, both ways, without moving anything`, async () => {
      const { page, errors } = await open('/docs/infinity/guides/long-guide', { theme });
      assert.equal(await page.isVisible('.doc-toc .toc'), true);
      assert.equal(await page.isVisible('.toc-disclosure'), false, 'no second TOC where the side one shows');
      assert.deepEqual(await currentLinks(page, '.doc-toc'), [], 'nothing read yet at the top of the page');
      // Each link's box relative to its list (the TOC itself is sticky and moves as the page scrolls).
      const boxes = () =>
        page.$$eval('.doc-toc .toc-list a', (links) =>
          links.map((link) => {
            const box = link.getBoundingClientRect();
            const list = link.closest('.toc-list')!.getBoundingClientRect();
            return [box.x - list.x, box.y - list.y, box.width, box.height].join(',');
          }),
        );
      const before = await boxes();
      await scrollToHeading(page, 'part-three');
      await page.waitForFunction(() => document.querySelector('.doc-toc a[href="#part-three"]')?.getAttribute('aria-current') === 'location');
      assert.deepEqual(await currentLinks(page, '.doc-toc'), ['#part-three=location'], 'one current link');
      assert.deepEqual(await boxes(), before, 'marking a link moves no link');
      await scrollToHeading(page, 'part-one');
      await page.waitForFunction(() => document.querySelector('.doc-toc a[href="#part-one"]')?.getAttribute('aria-current') === 'location');
      assert.deepEqual(await currentLinks(page, '.doc-toc'), ['#part-one=location'], 'scrolling up moves the mark back');
      assert.equal(await axeReport(page), '');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  for (const [size, theme] of [['phone', 'light'], ['phone', 'dark'], ['tablet', 'light']] as const) {
    test(`${size}, ${theme}: a collapsible "On this page" under the title takes the reader to a section and folds`, async () => {
      const { page, errors } = await open('/docs/infinity/guides/long-guide', { size, theme });
      assert.equal(await page.isVisible('.doc-toc .toc'), false);
      const disclosure = page.locator('.toc-disclosure');
      assert.equal(await disclosure.isVisible(), true);
      assert.equal(await page.evaluate(() => document.querySelector('.doc-title')?.nextElementSibling?.className), 'toc-disclosure', 'right under the title');
      assert.equal(await page.isVisible('.toc-disclosure a[href="#part-two"]'), false, 'closed at first');
      await page.focus('.toc-disclosure summary');
      await page.keyboard.press('Enter');
      assert.equal(await page.isVisible('.toc-disclosure a[href="#part-two"]'), true, 'opens from the keyboard');
      assert.equal(await axeReport(page), '');
      await page.click('.toc-disclosure a[href="#part-two"]');
      await page.waitForFunction(() => location.hash === '#part-two');
      assert.equal(await page.evaluate(() => (document.querySelector('.toc-disclosure') as HTMLDetailsElement).open), false, 'folds after the choice');
      await page.waitForFunction(() => document.querySelector('.toc-disclosure a[href="#part-two"]')?.getAttribute('aria-current') === 'location');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  test('after a client-side navigation the new page\'s sections are marked, not the old one\'s', async () => {
    const { page } = await open('/docs/infinity/guides/long-guide');
    await scrollToHeading(page, 'part-two');
    await page.waitForSelector('.doc-toc a[href="#part-two"][aria-current]');
    await page.click('.pagination-nav a');
    await page.waitForFunction(() => !location.pathname.endsWith('long-guide'));
    await page.waitForFunction(() => document.querySelectorAll('.toc-list a[aria-current]').length === 0 || [...document.querySelectorAll('.toc-list a[aria-current]')].every((link) => document.getElementById(link.getAttribute('href')!.slice(1))));
    assert.equal(await page.$('.toc-list a[href="#part-two"]'), null);
    await page.context().close();
  });
});
