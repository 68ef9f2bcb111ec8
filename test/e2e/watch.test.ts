import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { useWatchedSite } from '../helpers/browser.ts';

const site = useWatchedSite();

const guide = () => path.join(site.root, 'content/docs/infinity/guides/second-guide.md');

/** The page's Markdown twin as served, once it contains `text` (it follows the page's reload). */
async function twinWith(text: string, timeout = 15_000): Promise<string> {
  const end = Date.now() + timeout;
  for (;;) {
    const twin = await (await fetch(`${site.base}/docs/infinity/guides/second-guide.md`)).text();
    if (twin.includes(text) || Date.now() > end) return twin;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('saving a page reloads it in the open browser with the new content, rebuilding only that page', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.base}/docs/infinity/guides/second-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const original = fs.readFileSync(guide(), 'utf8');
  fs.writeFileSync(guide(), original.replace('Back to the', 'Freshly edited text. Back to the'));
  await page.waitForFunction(() => document.body.textContent?.includes('Freshly edited text'), undefined, { timeout: 15000 });
  assert.match(site.log(), /updated \/docs\/infinity\/guides\/second-guide in \d+ ms/);
  assert.match(await twinWith('Freshly edited text'), /Freshly edited text\. Back to the/, 'the Markdown twin follows the page');
  await page.close();
});

test('a broken save shows the error in the browser and keeps the last good page; the next good save recovers', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.base}/docs/infinity/guides/second-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const good = fs.readFileSync(guide(), 'utf8');
  fs.writeFileSync(guide(), good.replace('Back to the', 'A [broken link](/docs/infinity/nowhere). Back to the'));
  await page.waitForSelector('#portal-build-error', { timeout: 15000 });
  assert.match((await page.textContent('#portal-build-error')) ?? '', /second-guide\.md:\d+:\d+ {2}error: link to "\/docs\/infinity\/nowhere" not found/);
  const stillServed = await (await fetch(`${site.base}/docs/infinity/guides/second-guide`)).text();
  assert.doesNotMatch(stillServed, /broken link/);
  assert.doesNotMatch(await twinWith('broken link', 1000), /broken link/, 'the twin stays the last good page\'s');
  fs.writeFileSync(guide(), good.replace('Back to the', 'Fixed again. Back to the'));
  await page.waitForFunction(() => document.body.textContent?.includes('Fixed again'), undefined, { timeout: 15000 });
  assert.match(await twinWith('Fixed again'), /Fixed again\. Back to the/);
  await page.close();
});

test('a title change rebuilds the navigation, and a config change rebuilds everything', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.base}/docs/infinity/guides/first-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  fs.writeFileSync(guide(), fs.readFileSync(guide(), 'utf8').replace('title: Second guide', 'title: Renamed guide'));
  await page.waitForFunction(() => document.querySelector('.doc-sidebar')?.textContent?.includes('Renamed guide'), undefined, { timeout: 20000 });
  const config = path.join(site.root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("content: 'Fixture announcement'", "content: 'Changed announcement'"));
  await page.waitForFunction(() => document.querySelector('.announcement-bar')?.textContent?.includes('Changed announcement'), undefined, { timeout: 20000 });
  await page.close();
});

test('a page-only save refreshes the open page in place: no full reload, the scroll position stays', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1200, height: 300 } });
  await page.goto(`${site.base}/docs/infinity/guides/second-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.evaluate(() => window.scrollTo(0, 120));
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 0, 'the page scrolled');
  fs.writeFileSync(guide(), fs.readFileSync(guide(), 'utf8').replace('Back to the', 'Refreshed in place. Back to the'));
  await page.waitForFunction(() => document.body.textContent?.includes('Refreshed in place'), undefined, { timeout: 15000 });
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 42, 'the window survived: no full reload');
  assert.equal(await page.evaluate(() => window.scrollY), scrolled);
  await page.close();
});
