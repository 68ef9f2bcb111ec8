import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SidebarItem } from '../../../src/shared/types.ts';
import { Sidebar, sidebarWindow } from '../../../templates/shell/Sidebar.tsx';

const links = (count: number): SidebarItem[] => Array.from({ length: count }, (_, index) => ({ type: 'link', label: `Page ${index}`, href: `/docs/a/page-${index}` }) as SidebarItem);
const shownLinks = (html: string) => [...html.matchAll(/href="\/docs\/a\/page-(\d+)"/g)].map((match) => Number(match[1]));
const counted = (html: string) => [...html.matchAll(/([\d,]+) more pages?/g)].map((match) => Number(match[1].replaceAll(',', '')));

test("a page's own sidebar shows the items of a long list around its own link, and counts the rest", () => {
  const items = links(2500);
  for (const active of [0, 1200, 2499]) {
    const html = renderToStaticMarkup(createElement(Sidebar, { items, activeRoute: `/docs/a/page-${active}`, lazy: true }));
    const shown = shownLinks(html);
    assert.equal(shown.length, sidebarWindow);
    assert.ok(shown.includes(active), `page ${active} shows its own link`);
    assert.deepEqual(shown, Array.from({ length: sidebarWindow }, (_, index) => shown[0] + index), 'the shown items are one run, in order');
    assert.equal(counted(html).reduce((sum, count) => sum + count, 0) + sidebarWindow, items.length, 'every item left out is counted');
    assert.match(html, /data-lazy=""/, 'the shell loads the full sidebar');
  }
});

test('the shared full sidebar and short lists show every item', () => {
  const full = renderToStaticMarkup(createElement(Sidebar, { items: links(2500), activeRoute: '/docs/a/page-7' }));
  assert.equal(shownLinks(full).length, 2500);
  assert.doesNotMatch(full, /more page/);
  const short = renderToStaticMarkup(createElement(Sidebar, { items: links(sidebarWindow), activeRoute: '/docs/a/page-7', lazy: true }));
  assert.equal(shownLinks(short).length, sidebarWindow);
  assert.doesNotMatch(short, /more page|data-lazy/);
});
