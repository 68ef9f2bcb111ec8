// The page foot ("Edit this page", "Last updated") in Chromium: light and dark, desktop and
// phone, checked with axe-core (contrast included) and kept as screenshots for review.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { useFixtureSite } from '../helpers/browser.ts';

const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-meta-'));

// A git history for the fixture, so the page has a date to show.
const site = useFixtureSite((root) => {
  const env = { ...process.env, GIT_AUTHOR_DATE: '2026-06-05T12:00:00Z', GIT_COMMITTER_DATE: '2026-06-05T12:00:00Z', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test' };
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'fixture']]) execFileSync('git', args, { cwd: root, env });
});

const cases = [
  { theme: 'light', viewport: { width: 1280, height: 900 } },
  { theme: 'dark', viewport: { width: 1280, height: 900 } },
  { theme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

describe('page foot', () => {
  for (const { theme, viewport } of cases) {
    test(`shows Edit this page and Last updated, with no axe violation (${theme}, ${viewport.width} px)`, async () => {
      const context = await site.browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(`${site.base}/docs/infinity/guides/first-guide`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const foot = page.locator('.page-meta');
      await foot.scrollIntoViewIfNeeded();
      assert.equal(await page.getByRole('link', { name: 'Edit this page (opens in a new tab)' }).getAttribute('href'), 'https://git.example.test/fixture/edit/main/content/docs/infinity/guides/first-guide.md');
      assert.equal((await foot.locator('.page-meta-updated').innerText()).trim(), 'Last updated on June 5, 2026');
      await page.getByRole('link', { name: /Edit this page/ }).focus();
      await foot.screenshot({ path: path.join(shots, `page-meta-${theme}-${viewport.width}.png`) });
      await page.addScriptTag({ path: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
        const result = await axe.run({ include: [['.page-meta']] }, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
        return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
      });
      assert.deepEqual(violations, []);
      await context.close();
    });
  }
  test('screenshots kept for review', () => {
    process.stderr.write(`page-foot screenshots: ${shots}\n`);
    assert.equal(fs.readdirSync(shots).length, cases.length);
  });
});
