import type { Sidebars } from '../content/sidebars.ts';
import type { Page } from '../page.ts';
import type { SidebarItem } from '../shared/types.ts';

const placeholder = '<div data-doc-card-list=""></div>';

/**
 * Docusaurus's `<DocCardList />` (html-subset.ts leaves a placeholder): a card for each item of
 * the sidebar category the page belongs to, as Docusaurus's `useCurrentSidebarCategory()` gives
 * it: the category the page is the link of, else the one that lists it.
 */
export function fillDocCardLists(table: Map<string, Page>, sidebars: Sidebars): void {
  for (const page of table.values()) fillDocCardList(page, table, sidebars);
}

/** One page's card lists (watch mode fills an edited page's as the build does). */
export function fillDocCardList(page: Page, table: Map<string, Page>, sidebars: Sidebars): void {
  // Only Markdown pages carry the placeholder.
  if ((page.kind !== 'doc' && page.kind !== 'custom') || !page.body.html.includes(placeholder)) return;
  const items = categoryItemsOf(page.route, [...sidebars.byArea.values()].flat()) ?? [];
  const entries = items
    .map((item) => ({ title: item.label, href: item.href, description: item.href ? table.get(item.href)?.description : undefined }))
    .filter((card): card is { title: string; href: string; description: string | undefined } => card.href !== undefined && card.href !== page.route);
  const cards = entries.map((card) => `<li class="doc-card"><a href="${escape(card.href)}">${escape(card.title)}</a>${card.description ? `<p>${escape(card.description)}</p>` : ''}</li>`).join('');
  page.body.html = page.body.html.replaceAll(placeholder, cards ? `<ul class="doc-card-list">${cards}</ul>` : '');
  // The twin lists the same cards (kinds/twin-parts.ts).
  page.body.docCards = entries;
}

function categoryItemsOf(route: string, items: SidebarItem[]): SidebarItem[] | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === route) return item.items;
    const inner = categoryItemsOf(route, item.items);
    if (inner) return inner;
    if (item.items.some((child) => child.type === 'link' && child.href === route)) return item.items;
  }
  return undefined;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
