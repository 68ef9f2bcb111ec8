// Accessibility: axe-core on every kind of page (light, dark, phone width and the open mobile
// menu) with zero violations, and a keyboard-only walk from the home page to an API operation's
// request-sample tabs with a visible focus indicator at every stop.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveFolder } from '../helpers/browser.ts';
import { builtFixture } from '../helpers/fixtures.ts';
import { realSite } from '../helpers/real-site.ts';

const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type Site = 'fixture' | 'real';
type Mode = 'light' | 'dark' | 'phone';

/** The pages of each kind. The fixture site covers the shell (announcement, dropdown, search);
 *  the repository's real site covers the reference kinds and real content. */
const pages: Record<Site, { kind: string; path: string }[]> = {
  fixture: [
    { kind: 'home', path: '/' },
    { kind: 'doc page with a diagram', path: '/docs/infinity/guides/long-guide' },
    { kind: 'doc page', path: '/docs/infinity/guides/first-guide' },
    { kind: 'category page', path: '/docs/category/guides' },
    { kind: 'community', path: '/community' },
    { kind: 'licence form', path: '/request-developer-license' },
    { kind: '404', path: '/no/such/page' },
  ],
  real: [
    { kind: 'home', path: '/' },
    { kind: 'doc page', path: '/docs/infinity/web/introduction' },
    { kind: 'doc page with verified samples (sample-check labels)', path: '/docs/infinity/mobile/ios' },
    { kind: 'category page', path: '/docs/category/api' },
    { kind: 'API operation', path: '/docs/vpaas/api/create-meeting' },
    { kind: 'API overview', path: '/docs/vpaas/api/vpaas-api' },
    { kind: 'npm package index', path: '/docs/infinity/web/npm-packages/infinity' },
    { kind: 'npm modules page', path: '/docs/infinity/web/npm-packages/infinity/modules' },
    { kind: 'npm interface page', path: '/docs/infinity/web/npm-packages/infinity/interfaces/InfinitySignals' },
    { kind: 'community', path: '/community' },
    { kind: 'licence form', path: '/request-developer-license' },
    { kind: '404', path: '/no/such/page' },
  ],
};

const viewports: Record<Mode, { width: number; height: number }> = {
  light: { width: 1280, height: 900 },
  dark: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
};

let browser: Browser;
const servers: http.Server[] = [];
const bases = {} as Record<Site, string>;

async function serve(dist: string): Promise<string> {
  const { url, server } = await serveFolder(dist);
  servers.push(server);
  return url;
}

before(async () => {
  const [fixture, real] = await Promise.all([builtFixture('basic'), realSite()]);
  assert.equal(fixture.summary.ok, true, 'the fixture site builds');
  bases.fixture = await serve(path.join(fixture.root, 'dist'));
  bases.real = await serve(real);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  for (const server of servers) server.close();
});

async function open(site: Site, pathname: string, mode: Mode, viewport = viewports[mode]): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const theme = mode === 'dark' ? 'dark' : 'light';
  await page.addInitScript((value) => {
    try {
      localStorage.setItem('theme', value);
    } catch {
      // storage blocked: the default (light) mode applies
    }
  }, theme);
  await page.goto(`${bases[site]}${pathname}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), theme, `${pathname} is in ${theme} mode`);
  return page;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe on the whole document and returns a readable report of every violation ('' for none). */
async function axeReport(page: Page, label: string): Promise<string> {
  // Once per page load: a second check of the same page (its open mobile menu) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target, html: node.html, failureSummary: node.failureSummary })),
    }));
  }, axeTags);
  if (violations.length === 0) return '';
  const lines = [`${label}: ${violations.length} axe violation(s)`];
  for (const violation of violations) {
    lines.push(`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} node(s))`);
    for (const node of violation.nodes.slice(0, 3)) {
      lines.push(`      ${node.target.map(String).join(' >> ')}`);
      lines.push(`        ${node.html.replace(/\s+/g, ' ').slice(0, 240)}`);
      const summary = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
      if (summary) lines.push(`        ${summary}`);
    }
  }
  return lines.join('\n');
}

/** The pages whose open mobile menu is checked too, on the same page load as their phone-width check. */
const mobileMenuPages: Record<Site, string[]> = {
  fixture: ['/docs/infinity/guides/first-guide', '/'],
  real: ['/docs/vpaas/api/create-meeting', '/'],
};

async function checkPage(site: Site, pathname: string, mode: Mode, withMobileMenu = false) {
  const page = await open(site, pathname, mode);
  try {
    const report = await axeReport(page, `${site} ${pathname} (${mode})`);
    assert.equal(report, '', `\n${report}`);
    if (!withMobileMenu) return;
    await page.click('.navbar-toggle');
    await page.waitForSelector('#mobile-sidebar');
    const menuReport = await axeReport(page, `${site} ${pathname} (mobile menu open)`);
    assert.equal(menuReport, '', `\n${menuReport}`);
  } finally {
    await page.context().close();
  }
}

describe('axe-core finds no violations', { concurrency: 4 }, () => {
  for (const site of ['fixture', 'real'] as const) {
    for (const { kind, path: pathname } of pages[site]) {
      for (const mode of ['light', 'dark', 'phone'] as const) {
        // At phone width, the closed page and then, on the same load, its open mobile menu.
        const withMobileMenu = mode === 'phone' && mobileMenuPages[site].includes(pathname);
        const name = `${site} site: ${kind} (${pathname}) in ${mode === 'phone' ? `light mode at phone width${withMobileMenu ? ', then with its mobile menu open' : ''}` : `${mode} mode`}`;
        test(name, () => checkPage(site, pathname, mode, withMobileMenu));
      }
    }
  }
  test('every page whose open mobile menu is checked is one of the pages checked', () => {
    for (const site of ['fixture', 'real'] as const) for (const pathname of mobileMenuPages[site]) assert.ok(pages[site].some((entry) => entry.path === pathname), `${site} ${pathname}`);
  });
});

// An operation page is two panes from 1201 px (samples beside the parameters, "On this page"
// under the title), one column below: each layout, light and dark. 390 px in light mode is the
// phone-width check of the same page above (390 × 844), so it is not loaded a second time here.
describe('axe-core finds no violations on an API operation page at each layout width', { concurrency: 3 }, () => {
  for (const width of [390, 1024, 1400]) {
    for (const mode of ['light', 'dark'] as const) {
      if (width === viewports.phone.width && mode === 'light') continue;
      test(`${width} px, ${mode} mode`, async () => {
        const page = await open('real', '/docs/vpaas/api/create-meeting', mode, { width, height: 900 });
        try {
          const report = await axeReport(page, `/docs/vpaas/api/create-meeting (${width} px, ${mode})`);
          assert.equal(report, '', `\n${report}`);
        } finally {
          await page.context().close();
        }
      });
    }
  }
});

/** What the focused element is and whether it shows a focus indicator. */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', visible: false, text: '' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
    return { element: name, visible: outline || shadow, text: (element.textContent ?? '').trim().slice(0, 60) };
  });
}

describe('keyboard only', () => {
  test('from the home page to an API operation and its request-sample tabs, with a visible focus indicator at every stop', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${bases.real}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const stops: string[] = [];

    const assertVisible = async (why: string) => {
      await page.waitForFunction(() => document.documentElement.classList.contains('keyboard-navigation'));
      const state = await focusState(page);
      stops.push(`${state.element} "${state.text}"`);
      assert.equal(state.visible, true, `${why} on ${new URL(page.url()).pathname}: the focused ${state.element} ("${state.text}") shows no focus indicator; stops: ${stops.slice(-6).join(' | ')}`);
      return state;
    };
    /** Presses a key until the focused element matches, checking the focus indicator at each stop. */
    const tabUntil = async (key: 'Tab' | 'Shift+Tab', matches: string, limit: number) => {
      for (let presses = 0; presses < limit; presses++) {
        await page.keyboard.press(key);
        await assertVisible(`after ${key}`);
        if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, matches)) return;
      }
      assert.fail(`${matches} not reached with ${limit} ${key} presses; stops: ${stops.join(' | ')}`);
    };

    // The first Tab reaches the skip link; then on to the VPaaS area in the navbar.
    await page.keyboard.press('Tab');
    const first = await assertVisible('first Tab');
    assert.match(first.element, /skip-link/, 'the skip link comes first');
    await tabUntil('Tab', '.navbar a.navbar-link[href^="/docs/vpaas"]', 15);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/vpaas\//);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' || document.activeElement === document.body);
    if (await page.evaluate(() => document.activeElement?.tagName === 'H1')) await assertVisible('focus after navigation');

    // Focus is on the new page's h1; the sidebar comes before the article, so back into it, to
    // the closed "REST API" category: Enter opens it (loading the full sidebar keeps focus on
    // the button), and its operations follow in the tab order.
    await tabUntil('Shift+Tab', '.doc-sidebar button.sidebar-collapse[aria-label="Expand REST API"]', 200);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.doc-sidebar a.sidebar-link[href="/docs/vpaas/api/create-meeting"]', { state: 'visible' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Collapse REST API', 'focus stays on the category button');
    await tabUntil('Tab', '.doc-sidebar a.sidebar-link[href="/docs/vpaas/api/create-meeting"]', 40);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/vpaas\/api\/create-meeting$/);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.includes('meeting'));

    // On to the request-sample tabs (the selected tab is the one in the tab order).
    await tabUntil('Tab', '[role="tab"][aria-selected="true"]', 300);
    const tabs = await page.$$eval('[role="tablist"][aria-label="Request samples"] [role="tab"]', (all) => all.map((tab) => tab.textContent));
    assert.ok(tabs.length >= 2, 'there are several request samples');
    const selected = () => page.evaluate(() => ({ focused: document.activeElement?.textContent, selected: document.querySelector('[role="tablist"][aria-label="Request samples"] [aria-selected="true"]')?.textContent }));
    assert.deepEqual(await selected(), { focused: tabs[0], selected: tabs[0] });
    await page.keyboard.press('ArrowRight');
    await assertVisible('after ArrowRight');
    assert.deepEqual(await selected(), { focused: tabs[1], selected: tabs[1] });
    const panel = await page.evaluate(() => {
      const tab = document.activeElement!;
      return !(document.getElementById(tab.getAttribute('aria-controls')!) as HTMLElement).hidden;
    });
    assert.equal(panel, true, 'the second panel shows');
    await page.keyboard.press('ArrowLeft');
    await assertVisible('after ArrowLeft');
    assert.deepEqual(await selected(), { focused: tabs[0], selected: tabs[0] });

    // Into the panel and back out again.
    await page.keyboard.press('Tab');
    await assertVisible('Tab into the panel');
    await page.keyboard.press('Shift+Tab');
    const back = await assertVisible('Shift+Tab back to the tabs');
    assert.equal(back.text, tabs[0]);

    // Escape changes nothing harmful; then back home through the navbar's home link.
    await page.keyboard.press('Escape');
    await tabUntil('Shift+Tab', 'a.navbar-brand', 400);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForSelector('main h1.hero-title');
    await context.close();
  });
});
