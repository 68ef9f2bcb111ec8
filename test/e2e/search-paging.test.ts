import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { useFixtureSite } from '../helpers/browser.ts';

// Search lists the pages a query finds from their summaries, and loads the details of a result
// (Pagefind's per-page fragment, a request each) only for the results it shows, once typing
// pauses; more follow as the reader scrolls or arrows down the list.

const matching = 12;
/** The walrus pages, and the Guides category page that lists them. */
const found = matching + 1;

const site = useFixtureSite((root) => {
  // Pages that all match one word, each with sections, so five results overflow the dialog.
  for (let i = 1; i <= matching; i++) {
    const sections = ['feeding', 'habitat', 'sounds'].map((topic) => `## Walrus ${topic}\n\nWhat walrus number ${i} does about ${topic}.\n`).join('\n');
    fs.writeFileSync(path.join(root, `content/docs/infinity/guides/walrus-${i}.md`), `---\ntitle: Walrus guide ${i}\nsidebar_position: ${10 + i}\n---\n\nA walrus guide.\n\n${sections}`);
  }
});

async function searchWalrus(): Promise<{ page: Page; fragments: () => number; close: () => Promise<void> }> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const fragments: string[] = [];
  page.on('request', (request) => request.url().includes('/pagefind/fragment/') && fragments.push(request.url()));
  await page.goto(`${site.base}/`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.click('.search-button');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await page.fill('[role="dialog"] input', 'walrus');
  await page.waitForSelector('.search-option-excerpt');
  return { page, fragments: () => fragments.length, close: () => context.close() };
}

const shown = (page: Page) => page.locator('.search-option-page').count();

test('a query loads the details of the five results it shows, not of every page found', async () => {
  const { page, fragments, close } = await searchWalrus();
  await page.waitForTimeout(500); // anything else the dialog would load has had its chance
  assert.equal(await shown(page), 5);
  assert.equal(fragments(), 5);
  assert.equal(await page.textContent('[role="status"]'), `${found} pages found`);
  assert.equal(await page.locator('.search-more').count(), 1, 'a More results button');
  await close();
});

test('scrolling to the end of the list, or the More results button, lists the next results', async () => {
  const { page, fragments, close } = await searchWalrus();
  await page.locator('.search-more').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelectorAll('.search-option-page').length === 10);
  assert.equal(fragments(), 10);
  await page.click('.search-more');
  await page.waitForFunction((count) => document.querySelectorAll('.search-option-page').length === count, found);
  assert.equal(await page.locator('.search-more').count(), 0, 'no button once every page is listed');
  assert.equal(new Set(await page.locator('.search-option-page a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).size, found);
  await close();
});

test('arrowing down past the last result listed moves into the next ones', async () => {
  const { page, close } = await searchWalrus();
  const input = page.locator('[role="dialog"] input');
  const options = await page.locator('[role="option"]').count();
  for (let i = 1; i < options; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await input.getAttribute('aria-activedescendant'), 'search-option-4-2', 'the last section of the fifth result');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('[role="dialog"] input')?.getAttribute('aria-activedescendant') === 'search-option-5');
  assert.ok((await shown(page)) > 5);
  await close();
});

test('results are listed before any of their details load, which then fill in without moving the active one', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Fragments wait until released: what is listed meanwhile comes from the summaries alone.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/pagefind/fragment/**', (route) => void held.push(() => route.continue()));
  await page.goto(`${site.base}/`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.click('.search-button');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await page.fill('[role="dialog"] input', 'walrus');
  await page.waitForFunction(() => document.querySelectorAll('.search-option-page').length === 5);
  const titles = await page.locator('.search-option-page .search-option-title').allTextContents();
  assert.ok(titles.every((title) => /^Walrus guide \d+$/.test(title)), titles.join(', '));
  assert.match((await page.locator('.search-breadcrumb').first().textContent()) ?? '', /Infinity › Guides › Walrus guide/);
  assert.equal(await page.locator('.search-option-excerpt').count(), 0, 'no excerpt before its fragment');
  await page.keyboard.press('ArrowDown');
  const input = page.locator('[role="dialog"] input');
  assert.equal(await input.getAttribute('aria-activedescendant'), 'search-option-1', 'the second result');
  while (held.length < 5) await page.waitForTimeout(20);
  await Promise.all(held.splice(0).map((release) => release()));
  await page.waitForFunction(() => document.querySelectorAll('.search-option:not(.search-option-page)').length > 0);
  assert.equal(await input.getAttribute('aria-activedescendant'), 'search-option-1', 'still the second result, now below the first one\'s sections');
  await context.close();
});
