// What a reader gets in the page beyond the article: in-page navigation at every width with the
// current section marked, anchor links, page controls for the Markdown twin, click-to-zoom,
// the keyboard-shortcuts dialog and print styles; at desktop and phone widths, light and dark.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { useFixtureSite } from '../helpers/browser.ts';

const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');

// A page of the fixture for printing and pictures: links of each kind, a long code line, a photo.
const tinyPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const site = useFixtureSite((root) => {
  const guides = path.join(root, 'content/docs/infinity/guides');
  fs.writeFileSync(path.join(guides, 'img/square.png'), Buffer.from(tinyPng, 'base64'));
  fs.writeFileSync(
    path.join(guides, 'reading-aids.md'),
    [
      '---',
      'title: Reading aids',
      'description: Links, a long line of code and a photo, for printing and zooming.',
      'sidebar_position: 9',
      '---',
      '',
      '## Links and code',
      '',
      'Read [the first guide](./first-guide.md), visit [Pexip](https://www.pexip.com) or come back to [this section](#links-and-code).',
      '',
      '```ts',
      `const longLine = '${'a long string that never ends '.repeat(12)}';`,
      '```',
      '',
      '![A small grey square](./img/square.png)',
      '',
    ].join('\n'),
  );
});

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
      assert.equal(await page.evaluate(() => document.querySelector('.doc-header')?.nextElementSibling?.className), 'toc-disclosure', 'right under the title');
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

describe('page actions', () => {
  const guide = '/docs/infinity/guides/long-guide';
  // The Markdown twin the build wrote for the page (src/markdown-twins).
  const readTwin = () => {
    const twin = fs.readFileSync(path.join(site.root, 'dist', `${guide}.md`), 'utf8');
    assert.match(twin, /^# Long guide\n/);
    return twin;
  };

  for (const [size, theme] of [['desktop', 'light'], ['phone', 'dark']] as const) {
    test(`${size}, ${theme}: "Copy page" copies the Markdown twin and says so to screen readers`, async () => {
      const twin = readTwin();
      const { page, errors } = await open(guide, { size, theme });
      const copy = page.locator('.page-actions-copy');
      assert.equal(await copy.isVisible(), true);
      await copy.click();
      await page.waitForSelector('[data-page-actions-status]:has-text("Page copied as Markdown")', { state: 'attached' });
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), twin);
      assert.equal(await copy.textContent(), 'Copied');
      assert.equal(await page.getAttribute('[data-page-actions-status]', 'role'), 'status');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  test('a page whose twin cannot be fetched says so instead of copying nothing', async () => {
    const { page } = await open('/docs/infinity/guides/first-guide');
    // As if the host had no twin for this page (a deploy that left the .md files out).
    await page.route('**/docs/infinity/guides/first-guide.md', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
    await page.click('.page-actions-copy');
    await page.waitForSelector('[data-page-actions-status]:has-text("could not be copied")', { state: 'attached' });
    assert.equal(await page.textContent('.page-actions-copy'), 'Copy failed');
    await page.context().close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: the menu opens from the keyboard, offers the twin and the AI tools, and Escape closes it`, async () => {
      const { page, errors } = await open(guide, { theme });
      await page.focus('.page-actions-copy');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'More page actions');
      assert.equal(await page.isVisible('.page-actions-menu'), false);
      await page.keyboard.press('Enter');
      // The menu's code loads on this first use, so it opens a moment later.
      await page.waitForSelector('.page-actions-toggle[aria-expanded="true"]');
      assert.equal(await page.isVisible('.page-actions-menu'), true);
      const links = await page.$$eval('.page-actions-menu a', (anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
      const absolute = 'https://example.test/docs/infinity/guides/long-guide.md';
      assert.deepEqual(links[0], ['View as Markdown', `${guide}.md`]);
      assert.equal(links[1][0], 'Open in ChatGPT (opens in a new tab)');
      assert.ok(new URL(links[1][1]!).searchParams.get('q')!.includes(absolute), 'the ChatGPT prompt points at the absolute twin URL');
      assert.equal(new URL(links[2][1]!).origin, 'https://claude.ai');
      assert.ok(new URL(links[2][1]!).searchParams.get('q')!.includes(absolute), 'the Claude prompt points at the absolute twin URL');
      for (const link of links.slice(1)) assert.ok(new URL(link[1]!).searchParams.get('q')!.includes('https://example.test/llms.txt gives under "Add to your assistant"'), `the ${link[0]} prompt points to where llms.txt gives the MCP install line`);
      assert.equal(await axeReport(page), '');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'View as Markdown', 'Tab walks into the menu');
      await page.keyboard.press('Escape');
      assert.equal(await page.isVisible('.page-actions-menu'), false);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'More page actions', 'focus back on the toggle');
      await page.click('.page-actions-toggle');
      await page.click('.doc-title');
      assert.equal(await page.isVisible('.page-actions-menu'), false, 'a click elsewhere closes it');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  test('"View as Markdown" opens the twin itself, not a client-side page', async () => {
    const twin = readTwin();
    const { page } = await open(guide);
    await page.click('.page-actions-toggle');
    await page.click('text=View as Markdown');
    await page.waitForURL(`**${guide}.md`);
    assert.equal(await page.evaluate(() => document.body.innerText.trim()), twin.trim());
    await page.context().close();
  });
});

describe('click-to-zoom', () => {
  for (const [size, theme] of [['desktop', 'light'], ['phone', 'dark']] as const) {
    test(`${size}, ${theme}: a diagram opens enlarged from the keyboard, its code loaded only then, and Escape brings focus back`, async () => {
      const { page, errors } = await open('/docs/infinity/guides/first-guide', { size, theme });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const button = page.locator('figure.diagram [data-zoom]');
      assert.equal(await button.getAttribute('aria-label'), 'Enlarge diagram: A two-box diagram');
      assert.equal(requested.filter((url) => /\/zoom\.[A-Z0-9]+\.js$/.test(url)).length, 0, 'no zoom code before it is used');
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog.zoom-dialog[open]');
      await dialog.waitFor();
      assert.equal(requested.filter((url) => /\/zoom\.[A-Z0-9]+\.js$/.test(url)).length, 1, 'the zoom code loads on first use');
      assert.equal(await dialog.getAttribute('aria-label'), 'Enlarged diagram: A two-box diagram');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close');
      const sizes = await page.evaluate(() => ({
        inline: document.querySelector('figure.diagram > svg')!.getBoundingClientRect().width,
        zoomed: document.querySelector('.zoom-stage > svg')!.getBoundingClientRect().width,
        dialog: document.querySelector('dialog.zoom-dialog')!.getBoundingClientRect(),
      }));
      assert.ok(sizes.zoomed > sizes.inline, `the enlarged diagram (${sizes.zoomed} px) is wider than in the page (${sizes.inline} px)`);
      const viewport = page.viewportSize()!;
      assert.deepEqual([sizes.dialog.width, sizes.dialog.height], [viewport.width, viewport.height], 'full screen');
      assert.equal(await page.$$eval('dialog [id]', (nodes) => nodes.length), 0, 'the copy repeats no id of the page');
      assert.equal(await axeReport(page), '');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Enlarge diagram: A two-box diagram', 'focus returns to the control');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  test('phone: tapping a wide diagram opens it full screen, where it can be panned; Close returns', async () => {
    const { page } = await open('/docs/infinity/guides/first-guide', { size: 'phone' });
    await page.click('figure.diagram > svg');
    await page.waitForSelector('dialog.zoom-dialog[open]');
    const stage = await page.evaluate(() => {
      const element = document.querySelector('.zoom-stage')!;
      return { scrollable: element.scrollWidth > element.clientWidth, overflow: getComputedStyle(element).overflow };
    });
    assert.deepEqual(stage, { scrollable: true, overflow: 'auto' }, 'a legible size, panned inside the full-screen view');
    await page.click('.zoom-close');
    await page.waitForSelector('dialog.zoom-dialog', { state: 'detached' });
    await page.context().close();
  });

  test('a photo opens enlarged from a click on it, described by its alt text', async () => {
    const { page } = await open('/docs/infinity/guides/reading-aids');
    assert.equal(await page.getAttribute('.zoomable [data-zoom]', 'aria-label'), 'Enlarge image: A small grey square');
    await page.click('.zoomable > img');
    await page.waitForSelector('dialog.zoom-dialog[open]');
    assert.equal(await page.getAttribute('.zoom-stage > img', 'alt'), 'A small grey square');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.zoom-dialog', { state: 'detached' });
    await page.context().close();
  });
});

describe('the "?" shortcut', () => {
  for (const [size, theme] of [['desktop', 'light'], ['phone', 'dark']] as const) {
    test(`${size}, ${theme}: "?" lists the keyboard shortcuts in a dialog that Escape closes`, async () => {
      const { page, errors } = await open('/docs/infinity/introduction', { size, theme });
      await page.focus('.page-actions-copy');
      await page.keyboard.press('Shift+?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      const listed = await page.$$eval('.shortcuts-list dt', (terms) => terms.map((term) => term.textContent));
      assert.deepEqual(listed.slice(0, 3), ['Ctrl+K or ⌘+K or /', '?', 'Esc']);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close');
      assert.equal(await axeReport(page), '');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.className), 'page-actions-copy', 'focus returns');
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  test('"?" typed into a field is text, not a shortcut', async () => {
    const { page } = await open('/docs/infinity/introduction');
    await page.keyboard.press('/');
    await page.waitForSelector('.search-dialog input');
    await page.keyboard.type('what?');
    assert.equal(await page.inputValue('.search-dialog input'), 'what?');
    assert.equal(await page.$('.shortcuts-dialog'), null);
    await page.context().close();
  });
});

describe('print', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: printing shows the article alone, in light colours, with code wrapped and link targets written out`, async () => {
      const { page } = await open('/docs/infinity/guides/reading-aids', { theme });
      await page.emulateMedia({ media: 'print' });
      const hidden = await page.$$eval('.navbar, .doc-sidebar, .doc-toc, .page-actions, .footer, .copy-button, .zoom-button, .hash-link', (nodes) =>
        nodes.filter((node) => getComputedStyle(node).display !== 'none').map((node) => node.className),
      );
      assert.deepEqual(hidden, [], 'no chrome on paper');
      const code = await page.evaluate(() => {
        const pre = document.querySelector('.code-block pre')!;
        return { wraps: pre.scrollWidth <= pre.clientWidth, whiteSpace: getComputedStyle(pre).whiteSpace };
      });
      assert.deepEqual(code, { wraps: true, whiteSpace: 'pre-wrap' }, 'the long line wraps inside the page');
      const after = (href: string) => page.evaluate((target) => getComputedStyle(document.querySelector(`.markdown a[href="${target}"]`)!, '::after').content, href);
      assert.equal(await after('https://www.pexip.com'), '" (https://www.pexip.com)"');
      assert.equal(await after('/docs/infinity/guides/first-guide'), '" (/docs/infinity/guides/first-guide)"');
      assert.equal(await after('#links-and-code'), 'none', 'no target after an in-page anchor');
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).color), 'rgb(27, 31, 36)', 'dark text on paper');
      await page.emulateMedia({ media: 'screen' });
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.code-block pre')!).whiteSpace), 'pre', 'the screen keeps long lines scrolling');
      await page.context().close();
    });
  }
});
