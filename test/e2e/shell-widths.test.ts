// The shell on the real portal at the widths readers use, from a small phone to a wide desktop:
// the navbar keeps to one row (its links fold into the menu button before they would wrap), the
// phone drawer opens on the current page, and a tab row too wide for its pane scrolls with a cue.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveFolder } from '../helpers/browser.ts';
import { realSite } from '../helpers/real-site.ts';

const widths = [320, 390, 768, 1024, 1201, 1240, 1260, 1280, 1366, 1440, 1920];
/** One page of each shape of navbar: the home page, an area's doc page, an API page, a reference page. */
const pages = ['/', '/docs/vpaas/introduction', '/docs/vpaas/api/create-meeting', '/docs/infinity/web/npm-packages/infinity/interfaces/InfinitySignals'];

let browser: Browser;
let server: http.Server;
let base: string;

before(async () => {
  const dist = await realSite();
  ({ url: base, server } = await serveFolder(dist));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

async function open(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return page;
}

interface NavbarShape {
  height: number;
  /** The shown items whose boxes are not on the row of the others (a wrapped row). */
  offRow: string[];
  /** How far the row's content reaches past its box (cut off at the window's edge). */
  overflow: number;
  /** Lines the "Cloud One-Touch Join" link takes, 0 when it is folded into the menu. */
  cloudLines: number;
  menuButton: boolean;
}

/** Measures the navbar as drawn: nothing about breakpoints is assumed. */
function measureNavbar(page: Page): Promise<NavbarShape> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav.navbar')!;
    const row = nav.querySelector<HTMLElement>('.navbar-inner')!;
    // No named helpers in here: the test's compiler would wrap them in a function the page lacks.
    const rowMiddle = row.getBoundingClientRect().top + row.getBoundingClientRect().height / 2;
    const offRow = [...row.querySelectorAll<HTMLElement>('.navbar-toggle, .navbar-brand, .navbar-link, .search-button, .color-mode-toggle')]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => Math.abs(element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2 - rowMiddle) > 4)
      .map((element) => element.className);
    const cloud = [...row.querySelectorAll<HTMLElement>('.navbar-link')].find((link) => link.textContent === 'Cloud One-Touch Join');
    const lineHeight = cloud ? parseFloat(getComputedStyle(cloud).lineHeight) || 24 : 24;
    const cloudBox = cloud?.getClientRects().length ? cloud.getBoundingClientRect() : undefined;
    const cloudPadding = cloud ? parseFloat(getComputedStyle(cloud).paddingTop) + parseFloat(getComputedStyle(cloud).paddingBottom) : 0;
    return {
      height: nav.getBoundingClientRect().height,
      offRow,
      overflow: row.scrollWidth - row.clientWidth,
      cloudLines: cloudBox ? Math.round((cloudBox.height - cloudPadding) / lineHeight) : 0,
      menuButton: !!row.querySelector('.navbar-toggle')?.getClientRects().length,
    };
  });
}

describe('the real portal at every width', () => {
  test('the navbar is one row at every width: it folds into the menu button before it would wrap or be cut', async () => {
    const heights = new Set<number>();
    for (const path of pages) {
      for (const width of widths) {
        const page = await open(path, width);
        const shape = await measureNavbar(page);
        const where = `${path} at ${width} px`;
        assert.deepEqual(shape.offRow, [], `${where}: every item on one row`);
        assert.ok(shape.overflow <= 0, `${where}: the row is cut by ${shape.overflow} px`);
        assert.ok(shape.cloudLines <= 1, `${where}: "Cloud One-Touch Join" over ${shape.cloudLines} lines`);
        if (!shape.cloudLines) assert.ok(shape.menuButton, `${where}: folded links are reachable from the menu button`);
        heights.add(shape.height);
        await page.context().close();
      }
    }
    assert.equal(heights.size, 1, `the navbar is as tall at every width: ${[...heights].join(', ')} px`);
    // The widest window shows every link; the narrowest folds them.
    const wide = await open('/', 1920);
    assert.equal((await measureNavbar(wide)).menuButton, false);
    await wide.context().close();
  });

  test('a window resized across the widths folds and unfolds its navbar as it goes', async () => {
    const page = await open('/docs/vpaas/introduction', 1920);
    for (const width of [...widths].reverse().concat(widths)) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((expected) => window.innerWidth === expected, width);
      const shape = await measureNavbar(page);
      assert.deepEqual(shape.offRow, [], `at ${width} px`);
      assert.ok(shape.overflow <= 0, `at ${width} px the row is cut by ${shape.overflow} px`);
      assert.ok(shape.cloudLines <= 1, `at ${width} px "Cloud One-Touch Join" over ${shape.cloudLines} lines`);
    }
    assert.equal((await measureNavbar(page)).menuButton, false, 'back at 1920 px every link shows again');
    await page.context().close();
  });

  test('on a phone the drawer opens on the current page: its branch open, its link in view', async () => {
    // A lesson far down the Infinity sidebar, three groups deep.
    const page = await open('/docs/infinity/web/tutorials/npm-packages/mute-audio-and-video', 390);
    // The full sidebar (every category closed) replaces the page's own branch once the browser is idle.
    await page.waitForFunction(() => !document.querySelector('.doc-sidebar .sidebar-nav [data-lazy]'));
    await page.click('button.navbar-toggle');
    const drawer = page.locator('#mobile-sidebar');
    await drawer.waitFor();
    const current = drawer.locator('.sidebar-nav a[aria-current="page"]');
    assert.equal(await current.count(), 1);
    assert.equal(await current.isVisible(), true, 'the current link is not inside a closed group');
    const inView = await current.evaluate((link) => {
      const box = link.getBoundingClientRect();
      const shown = link.closest('#mobile-sidebar')!.getBoundingClientRect();
      return box.top >= shown.top && box.bottom <= shown.bottom;
    });
    assert.equal(inView, true, 'the current link is scrolled into the drawer');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page under the drawer did not scroll');
    await page.context().close();
  });
});

describe('a tab row wider than its pane', () => {
  /** The API page's request samples at the width where their pane is narrowest beside the operation. */
  const samples = '[role="tablist"][aria-label="Request samples"]';
  const fades = (page: Page) =>
    page.$eval(samples, (list) => {
      const style = getComputedStyle(list);
      return { start: parseFloat(style.getPropertyValue('--tabs-fade-start')), end: parseFloat(style.getPropertyValue('--tabs-fade-end')) };
    });

  test('scrolls sideways, fades at the edge with more tabs behind it, and follows the arrow keys', async () => {
    const page = await open('/docs/vpaas/api/create-meeting', 1240);
    const list = page.locator(samples);
    const size = await list.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, tabs: element.querySelectorAll('[role="tab"]').length, overflow: getComputedStyle(element).overflowX }));
    assert.ok(size.tabs >= 10, `${size.tabs} sample tabs`);
    assert.ok(size.scroll > size.client, `the tabs (${size.scroll} px) do not fit the pane (${size.client} px) at this width`);
    assert.equal(size.overflow, 'auto');
    let fade = await fades(page);
    assert.equal(fade.start, 0, 'nothing before the first tab');
    assert.ok(fade.end > 0, 'the right edge fades: more tabs behind it');
    await list.locator('[role="tab"]').first().focus();
    await page.keyboard.press('End');
    const last = list.locator('[role="tab"]').last();
    assert.equal(await last.getAttribute('aria-selected'), 'true');
    assert.equal(await last.evaluate((tab) => tab === document.activeElement), true);
    const shownWhole = await last.evaluate((tab) => {
      const box = tab.getBoundingClientRect();
      const pane = tab.parentElement!.getBoundingClientRect();
      return box.left >= pane.left - 1 && box.right <= pane.right + 1;
    });
    assert.equal(shownWhole, true, 'the chosen tab is scrolled into view');
    await page.waitForFunction((selector) => parseFloat(getComputedStyle(document.querySelector(selector)!).getPropertyValue('--tabs-fade-end')) === 0, samples);
    fade = await fades(page);
    assert.ok(fade.start > 0, 'at the end the left edge fades instead');
    await page.keyboard.press('ArrowRight');
    assert.equal(await list.locator('[role="tab"]').first().getAttribute('aria-selected'), 'true', 'ArrowRight wraps to the first tab');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await last.getAttribute('aria-selected'), 'true', 'ArrowLeft wraps back to the last');
    await page.context().close();
  });
});
