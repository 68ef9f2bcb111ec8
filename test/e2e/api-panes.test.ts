// Operation pages on the real portal: from 1201 px the request samples and response examples are
// a second column beside the parameters that stays in view while the reader scrolls, the
// example shown follows the response being read, and "On this page" folds under the title; on
// a phone one column, the examples after the rest; on paper every sample and example inline.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveFolder } from '../helpers/browser.ts';
import { realSite } from '../helpers/real-site.ts';

const operation = '/docs/vpaas/api/create-meeting';
let browser: Browser;
let server: http.Server;
let base: string;

before(async () => {
  ({ url: base, server } = await serveFolder(await realSite()));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}${operation}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return page;
}

const box = (page: Page, selector: string) => page.$eval(selector, (element) => JSON.parse(JSON.stringify(element.getBoundingClientRect())) as DOMRect);
const shown = (page: Page, selector: string) => page.$eval(selector, (element) => getComputedStyle(element).display !== 'none');

test('at 1400 px the samples are beside the parameters and stay in view while the page scrolls', async () => {
  const page = await open(1400);
  try {
    const main = await box(page, '.api-operation-main');
    const examples = await box(page, '.api-examples-panel');
    const parameters = await box(page, '#parameters, #request-body');
    assert.ok(examples.left >= main.right, `the examples column (left ${examples.left}) is right of the operation (right ${main.right})`);
    assert.ok(examples.top < parameters.bottom, 'it starts level with the request, not after it');
    assert.equal(await shown(page, '.doc-toc'), false, 'the side "On this page" gives way');
    assert.equal(await shown(page, '.toc-disclosure'), true, '"On this page" is under the title');

    // Down to the responses: the column is still in the window, its request samples first.
    await page.$eval('#responses', (heading) => heading.scrollIntoView());
    await page.waitForFunction(() => window.scrollY > 300);
    const after = await box(page, '.api-examples-panel');
    assert.ok(after.top >= 0 && after.top < 200, `the examples column stays in view (top ${after.top})`);
    assert.ok(await page.isVisible('[role="tablist"][aria-label="Request samples"]'));
  } finally {
    await page.context().close();
  }
});

test('the response example shown follows the response the reader scrolls to, or clicks in', async () => {
  const page = await open(1400);
  try {
    const follows = await page.$$eval('[role="tablist"][aria-label="Response examples"] [role="tab"]', (tabs) => tabs.map((tab) => tab.getAttribute('data-follows-section')!));
    assert.ok(follows.length >= 2, `several responses have examples: ${follows.join(', ')}`);
    const selected = () => page.$eval('[role="tablist"][aria-label="Response examples"] [aria-selected="true"]', (tab) => tab.getAttribute('data-follows-section'));
    const shows = (id: string) => page.waitForFunction((follows) => {
      const tab = document.querySelector(`[data-follows-section="${follows}"]`);
      return tab?.getAttribute('aria-selected') === 'true' && !(document.getElementById(tab.getAttribute('aria-controls')!) as HTMLElement).hidden;
    }, id);
    assert.equal(await selected(), follows[0]);

    // Scrolled up past the reading line (30 % of the window), a response's example is shown.
    await page.$eval(`#${follows[1]}`, (heading) => heading.scrollIntoView());
    const reached = await page.$eval(`#${follows[1]}`, (heading) => heading.getBoundingClientRect().top < innerHeight * 0.3);
    assert.ok(reached, `${follows[1]} scrolls up to the reading line`);
    await shows(follows[1]);

    // The last responses may never reach the line (the page ends): a click in one shows its example.
    const last = follows[follows.length - 1];
    await page.click(`#${last}`);
    await shows(last);
    assert.match(await page.$eval(`[data-follows-section="${last}"]`, (tab) => document.getElementById(tab.getAttribute('aria-controls')!)!.textContent!), /Checked with Ajv [\d.]+ · parsed as JSON and validated against the \S+ response schema/);
  } finally {
    await page.context().close();
  }
});

test('at 390 px one column: the samples and examples come after the operation, full width, each response linking to its example', async () => {
  const page = await open(390);
  try {
    const main = await box(page, '.api-operation-main');
    const examples = await box(page, '.api-operation-examples');
    assert.ok(examples.top >= main.bottom - 1, 'after the operation');
    assert.ok(Math.abs(examples.left - main.left) < 2 && Math.abs(examples.width - main.width) < 2, 'as wide as it');
    assert.equal(await page.$eval('.api-examples-panel', (panel) => getComputedStyle(panel).position), 'static');
    // A response's link to its example goes down to the examples, with that response's shown.
    const last = await page.$eval('[role="tablist"][aria-label="Response examples"] [role="tab"]:last-child', (tab) => tab.getAttribute('data-follows-section')!);
    await page.click(`section[aria-labelledby="${last}"] .api-example-pointer a`);
    await page.waitForFunction((id) => document.querySelector(`[data-follows-section="${id}"]`)?.getAttribute('aria-selected') === 'true', last);
    await page.waitForFunction(() => {
      const top = document.getElementById('response-examples')!.getBoundingClientRect().top;
      return top >= 0 && top < innerHeight;
    });
  } finally {
    await page.context().close();
  }
});

test('printed, the samples and every response example are inline after the operation', async () => {
  const page = await open(1400);
  try {
    await page.emulateMedia({ media: 'print' });
    // The print layout settles after the media switch (a late font or the section watcher can
    // move things once more): wait for it, bounded, then measure as before.
    await page
      .waitForFunction(() => {
        const main = document.querySelector('.api-operation-main')?.getBoundingClientRect();
        const examples = document.querySelector('.api-operation-examples')?.getBoundingClientRect();
        return !!main && !!examples && examples.top >= main.bottom - 1;
      }, null, { timeout: 5000 })
      .catch(() => undefined);
    const main = await box(page, '.api-operation-main');
    const examples = await box(page, '.api-operation-examples');
    assert.ok(examples.top >= main.bottom - 1, 'after the operation, not beside it');
    const hidden = await page.$$eval('.api-operation-examples .tab-panel', (panels) => panels.filter((panel) => getComputedStyle(panel).display === 'none').length);
    assert.equal(hidden, 0, 'every panel is printed');
  } finally {
    await page.context().close();
  }
});
