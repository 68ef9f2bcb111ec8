import type { CategoryEntry } from '../shared/page-models.ts';
import type { Page } from '../page.ts';
import type { SidebarItem } from '../shared/types.ts';
import type { Sidebars } from './sidebars.ts';

/**
 * The generated-index pages (`/docs/category/{slug}`): each lists the children of its folder,
 * in sidebar order, with the descriptions their pages give.
 */
export function buildCategoryPages(sidebars: Sidebars, describe: (href: string) => Omit<CategoryEntry, 'href' | 'title'> | undefined): Page[] {
  return sidebars.generatedIndexes.map((index) => {
    const category = findCategory([...sidebars.byArea.values()].flat(), index.route);
    const entries: CategoryEntry[] = (category?.items ?? []).flatMap((item) => {
      const href = item.href;
      return href ? [{ title: item.label, href, ...describe(href) }] : [];
    });
    return {
      route: index.route,
      kind: 'category',
      title: index.title,
      description: index.description,
      keywords: index.keywords,
      area: index.area,
      toc: [],
      body: { entries },
      source: { file: index.file },
      links: [],
    };
  });
}

function findCategory(items: SidebarItem[], href: string): Extract<SidebarItem, { type: 'category' }> | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === href) return item;
    const inner = findCategory(item.items, href);
    if (inner) return inner;
  }
  return undefined;
}
