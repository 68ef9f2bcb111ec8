// colorMode.respectPrefersColorScheme, turned on in a copy of the fixture's config: a reader
// who never chose a mode gets the system's, before first paint; a choice made on the page wins.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { useFixtureSite } from '../helpers/browser.ts';

const site = useFixtureSite((root) => {
  const file = path.join(root, 'portal.config.ts');
  const config = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, config.replace("baseUrl: '/',", "baseUrl: '/',\n  colorMode: { respectPrefersColorScheme: true },"));
});

describe('respectPrefersColorScheme', () => {
  for (const [system, size] of [['dark', { width: 1280, height: 800 }], ['light', { width: 390, height: 844 }], ['dark', { width: 390, height: 844 }]] as const) {
    test(`a first visit with the system in ${system} mode (${size.width} px) is in ${system} mode before any script of ours runs`, async () => {
      const context = await site.browser.newContext({ colorScheme: system, viewport: size });
      const page = await context.newPage();
      // Without the client bundle only the inline head script can have set the mode: no flash.
      await page.route('**/assets/client.*.js', (route) => route.abort());
      await page.goto(`${site.base}/docs/infinity/introduction`);
      assert.equal(await page.getAttribute('html', 'data-theme'), system);
      await page.unroute('**/assets/client.*.js');
      await page.reload();
      await page.waitForSelector('html[data-hydrated="true"]');
      assert.equal(await page.getAttribute('html', 'data-theme'), system);
      const toggle = await page.getAttribute('button.color-mode-toggle', 'aria-label');
      assert.match(toggle ?? '', new RegExp(`currently ${system} mode`), 'the toggle knows the mode the head script chose');
      await context.close();
    });
  }

  test('a choice made with the toggle beats the system on the next visit', async () => {
    const context = await site.browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    await page.click('button.color-mode-toggle');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'the stored choice, not the system');
    await context.close();
  });
});
