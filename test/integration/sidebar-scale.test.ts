// A page carries its own branch of the sidebar, not its whole area: with every sibling's link in
// every page, the output grows with the square of the pages (2,000 one-sentence pages in one
// folder made 240 KB of HTML each). Here one category of 2,000 pages builds, and every page stays
// small while the area's shared sidebar still lists them all.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { sidebarWindow } from '../../templates/shell/Sidebar.tsx';
import { buildSite, copyFixture } from '../helpers/fixtures.ts';

const pages = 2000;
const pageBudget = 100 * 1024;

test(`every page of an area with a category of ${pages.toLocaleString('en-US')} pages is under 100 KB of HTML`, async () => {
  const site = copyFixture('basic');
  const config = path.join(site, 'portal.config.ts');
  // Cards are not what is measured here, and drawing 2,000 would take most of the test's time.
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("socialCards: 'page'", "socialCards: 'off'"));
  const folder = path.join(site, 'content', 'docs', 'vpaas', 'bulk');
  fs.mkdirSync(folder);
  // The category's page is its first page: a generated index lists every child, and is as long as the category by design.
  fs.writeFileSync(path.join(folder, '_category_.json'), JSON.stringify({ label: 'Bulk', link: { type: 'doc', id: 'vpaas/bulk/page-0001' } }));
  for (let n = 1; n <= pages; n++) {
    const name = `page-${String(n).padStart(4, '0')}`;
    fs.writeFileSync(path.join(folder, `${name}.md`), `---\nsidebar_position: ${n}\n---\n# Bulk page ${n}\n\nThis is page ${n} of the bulk category.\n`);
  }
  const summary = await buildSite(site);
  assert.equal(summary.ok, true, summary.errors.map((error) => error.message).join('; '));

  const dist = path.join(site, 'dist');
  const htmlPages = (fs.readdirSync(dist, { recursive: true }) as string[]).filter((file) => file.endsWith('index.html'));
  const bulkPages = htmlPages.filter((file) => file.includes(`bulk${path.sep}page-`));
  assert.equal(bulkPages.length, pages, 'every bulk page was built');
  for (const file of htmlPages) {
    const size = fs.statSync(path.join(dist, file)).size;
    assert.ok(size < pageBudget, `${file} is ${Math.round(size / 1024)} KB of HTML`);
  }

  // A page in the middle shows its own link among its neighbours, and says how many are left for later.
  const middle = fs.readFileSync(path.join(dist, 'docs', 'vpaas', 'bulk', 'page-1000', 'index.html'), 'utf8');
  assert.match(middle, /href="\/docs\/vpaas\/bulk\/page-1000"/);
  const shown = new Set(middle.match(/href="\/docs\/vpaas\/bulk\/page-\d+"/g));
  assert.ok(shown.size <= sidebarWindow + 2, `the page links ${shown.size} of its siblings`);
  const left = [...middle.matchAll(/([\d,]+) more pages/g)].map((match) => Number(match[1].replaceAll(',', '')));
  assert.equal(left.length, 2, 'the pages before and after the shown ones are counted');
  assert.ok(left.every((count) => count > 800), `counts of pages left out: ${left.join(', ')}`);

  // The area's shared sidebar, loaded once per visit, still lists every page.
  const sidebars = fs.readdirSync(path.join(dist, '_data', 'sidebars')).filter((file) => /^vpaas\.[0-9a-f]+\.html$/.test(file));
  assert.equal(sidebars.length, 1);
  const full = fs.readFileSync(path.join(dist, '_data', 'sidebars', sidebars[0]), 'utf8');
  for (let n = 1; n <= pages; n++) assert.ok(full.includes(`href="/docs/vpaas/bulk/page-${String(n).padStart(4, '0')}"`), `the shared sidebar lists page ${n}`);
  assert.doesNotMatch(full, /more pages/);
});
