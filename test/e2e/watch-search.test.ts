import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { useWatchedSite } from '../helpers/browser.ts';

// Watch mode and search: an edited page reloads at once, and its new words become searchable
// a moment later, when the index rebuilt in the background replaces the old one.

const site = useWatchedSite();

const guide = () => path.join(site.root, 'content/docs/infinity/guides/second-guide.md');
const route = '/docs/infinity/guides/second-guide';
/** In no page of the fixture until the test writes it. */
const newWord = 'xylophonist';

async function searchFor(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await page.keyboard.type(query);
}

test('a saved page reloads with its new words, and a search in that page finds them a few seconds later', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.base}${route}`);
  await page.waitForSelector('html[data-hydrated="true"]');

  // Before the save, search does not know the word.
  await searchFor(page, newWord);
  // Each key is searched as it is typed: wait for the answer to the whole word.
  await page.waitForSelector(`#search-results[data-query="${newWord}"]`, { state: 'attached' });
  assert.match((await page.textContent('.search-message')) ?? '', new RegExp(`No results for “${newWord}”`));
  await page.keyboard.press('Escape');

  fs.writeFileSync(guide(), fs.readFileSync(guide(), 'utf8').replace('Back to the', `A ${newWord} wrote this line. Back to the`));
  await page.waitForFunction((word) => document.querySelector('article')?.textContent?.includes(word), newWord, { timeout: 15_000 });
  assert.match(site.log(), new RegExp(`updated ${route} in \\d+ ms`));

  // The dialog may open before the index is rebuilt: it searches again when the new one is in.
  await searchFor(page, newWord);
  await page.waitForSelector(`.search-option-page a[href="${route}"] .search-option-excerpt`, { timeout: 30_000 });
  assert.match((await page.textContent('.search-option-page')) ?? '', new RegExp(newWord));
  // The reload went out first; the index followed it, off the reload's path.
  const log = site.log();
  const updated = log.indexOf(`updated ${route}`);
  const refreshed = log.search(/search index refreshed in \d+ ms/);
  assert.ok(updated >= 0 && refreshed > updated, `the page was updated before the index was refreshed:\n${log}`);
  await page.close();
});
