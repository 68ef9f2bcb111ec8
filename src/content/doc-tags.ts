import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostics } from '../errors.ts';
import type { Page, PageOf } from '../page.ts';
import { slugifySegment } from '../util/slug.ts';
import type { DocSource } from './docs.ts';

type CategoryEntry = PageOf<'doc-tag'>['body']['entries'][number];

/** One of a doc's Docusaurus `tags`, with the page that lists the docs carrying it. */
export interface DocTag {
  label: string;
  route: string;
  description?: string;
}

/**
 * Where a doc's tag pages are, as Docusaurus puts them under its docs' route base: an area's
 * `/docs/<area>/tags` (the area is a Docusaurus docs folder), `/docs/tags` for docs in no area.
 */
export function tagsRouteOf(doc: Pick<DocSource, 'area' | 'folder'>): string {
  const areaFolder = doc.area ? doc.folder.split('/')[0] : '';
  return areaFolder ? `/docs/${slugifySegment(areaFolder)}/tags` : '/docs/tags';
}

/**
 * A doc's tags with their pages: a name's page is its slug (the file-name rule, as Docusaurus
 * kebab-cases it), `{ label, permalink }` names its own, each segment slugged so it stays a plain path.
 */
export function docTags(doc: Pick<DocSource, 'area' | 'folder' | 'frontMatter'>): DocTag[] {
  const base = tagsRouteOf(doc);
  return (doc.frontMatter.tags ?? []).flatMap((tag): DocTag[] => {
    const label = typeof tag === 'string' ? tag : tag.label;
    const written = typeof tag === 'string' ? undefined : tag.permalink;
    const slug = written === undefined ? slugifySegment(label) : written.split('/').map(slugifySegment).filter(Boolean).join('/');
    if (!slug) return [];
    const description = typeof tag === 'string' ? undefined : tag.description;
    return [{ label, route: `${base}/${slug}`, ...(description ? { description } : {}) }];
  });
}

/**
 * Docusaurus's tag pages, for each docs folder (area) whose docs carry tags: `<base>/tags`, every
 * tag with how many docs carry it, and `<base>/tags/<tag>`, those docs with their titles and
 * descriptions. No doc with tags, no pages. `describe` gives a doc's page as built.
 */
export function buildTagPages(docs: DocSource[], describe: (route: string) => Pick<Page, 'title' | 'description'> | undefined): Page[] {
  const byBase = new Map<string, { area: DocSource['area']; file: string; tags: Map<string, { tag: DocTag; docs: CategoryEntry[] }> }>();
  for (const doc of docs) {
    const page = describe(doc.route);
    if (!page) continue;
    for (const tag of docTags(doc)) {
      const base = tagsRouteOf(doc);
      const group = byBase.get(base) ?? byBase.set(base, { area: doc.area, file: doc.file, tags: new Map() }).get(base)!;
      // Two spellings with one page are one tag, named as first written.
      const entry = group.tags.get(tag.route) ?? group.tags.set(tag.route, { tag, docs: [] }).get(tag.route)!;
      if (!entry.docs.some((listed) => listed.href === doc.route)) entry.docs.push({ title: page.title, href: doc.route, ...(page.description ? { description: page.description } : {}) });
    }
  }
  const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'en');
  return [...byBase].flatMap(([base, group]): Page[] => {
    const tags = [...group.tags.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label, 'en'));
    const common = { kind: 'doc-tag' as const, area: group.area, toc: [], links: [], source: { file: group.file } };
    const count = (n: number) => `${n} doc${n === 1 ? '' : 's'}`;
    return [
      { ...common, route: base, title: 'Tags', body: { entries: tags.map(({ tag, docs: tagged }) => ({ title: tag.label, href: tag.route, description: count(tagged.length) })) } },
      ...tags.map(({ tag, docs: tagged }) => ({ ...common, route: tag.route, title: `${count(tagged.length)} tagged with "${tag.label}"`, ...(tag.description ? { description: tag.description } : {}), body: { entries: tagged.sort(byTitle) } })),
    ];
  });
}

/**
 * A Docusaurus `tags.yml` (labels, descriptions and permalinks of an area's tags) is not read:
 * a warning, so a writer moving a docs folder in knows the front matter alone decides.
 */
export function warnUnreadTagsFiles(root: string, areaFolders: string[], diagnostics: Diagnostics): void {
  for (const folder of ['', ...areaFolders]) {
    for (const name of ['tags.yml', 'tags.yaml']) {
      const file = path.join('content', 'docs', folder, name);
      if (!fs.existsSync(path.join(root, file))) continue;
      diagnostics.warn({ file, line: 1, column: 1, message: 'is not read: portal takes tag labels, permalinks and descriptions from each page\'s front matter', hint: 'Write the tag as { label, permalink, description } in the front matter of the pages that carry it.' });
    }
  }
}
