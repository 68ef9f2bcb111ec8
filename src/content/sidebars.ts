import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import type { AreaId, SidebarItem } from '../shared/types.ts';
import type { CategoryMeta } from './categories.ts';
import { buildDeclaredSidebar, type DeclaredSidebarContext, docIdKey, docIdKeyOf } from './declared-sidebars.ts';
import type { DocSource, DocsTree } from './docs.ts';
import { baseName, slugifySegment } from '../util/slug.ts';
import type { SidebarExtension } from '../page.ts';

export interface GeneratedIndex {
  folder: string;
  route: string;
  title: string;
  description?: string;
  keywords?: string[];
  area: AreaId;
  file: string;
}


export interface Sidebars {
  /**
   * Each sidebar by its key: an area's id for its own (from its folder tree, or the sidebar of
   * its `sidebars.js` that holds its main doc), and `<area>.<sidebar id>` for each other sidebar
   * its `sidebars.js` declares (sidebarKey; area ids hold no dot).
   */
  byArea: Map<string, SidebarItem[]>;
  /** The category index pages (`/docs/category/{slug}`) the `_category_.json` files ask for. */
  generatedIndexes: GeneratedIndex[];
  /** The labels of the categories that hold each route, outermost first (for breadcrumbs). */
  ancestors: Map<string, { label: string; href?: string }[]>;
}

/**
 * Builds every area's sidebar from its folder tree, ordered by `sidebar_position` and
 * `_category_.json` position, then by file name. Built once per build and shared by all pages.
 */
export function buildSidebars(tree: DocsTree, config: PortalConfig, diagnostics: Diagnostics, extensions: SidebarExtension[] = []): Sidebars {
  const folders = new Map([...tree.folders].map(([folder, entry]) => [folder, { files: [...entry.files], folders: [...entry.folders] }]));
  const categories = new Map(tree.categories);
  const extraItems = new Map<string, SidebarExtension['items']>();
  for (const extension of extensions) {
    // Make the folder (and any missing parents) exist, so the section sits where its routes say.
    const parts = extension.folder.split('/');
    for (let depth = 1; depth <= parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const parent = parts.slice(0, depth - 1).join('/');
      if (!folders.has(folder)) folders.set(folder, { files: [], folders: [] });
      const siblings = folders.get(parent);
      if (siblings && !siblings.folders.includes(folder)) siblings.folders.push(folder);
    }
    const existing = categories.get(extension.folder);
    categories.set(extension.folder, {
      label: existing?.label ?? extension.label,
      position: existing?.position ?? extension.position,
      link: extension.index ? { type: 'generated-index', slug: `/category/${extension.index.slug}`, title: extension.index.title, description: extension.index.description } : existing?.link,
      href: extension.href,
      file: existing?.file ?? extension.source,
    });
    extraItems.set(extension.folder, [...(extraItems.get(extension.folder) ?? []), ...extension.items]);
  }
  const docsByFolder = new Map<string, DocSource[]>();
  for (const doc of tree.docs) {
    const list = docsByFolder.get(doc.folder) ?? [];
    list.push(doc);
    docsByFolder.set(doc.folder, list);
  }
  const docsById = new Map(tree.docs.map((doc) => [doc.id, doc]));
  const generatedIndexes: GeneratedIndex[] = [];
  const ancestors = new Map<string, { label: string; href?: string }[]>();
  const byArea = new Map<AreaId, SidebarItem[]>();

  const buildFolder = (folder: string, area: AreaId, trail: { label: string; href?: string }[]): SidebarItem[] => {
    type Sortable = { position?: number; name: string; item: SidebarItem };
    const entries: Sortable[] = [];
    (extraItems.get(folder) ?? []).forEach((item, index) => {
      entries.push({ position: -1000 + index, name: item.href, item: { type: 'link', label: item.label, href: item.href, ...(item.badge ? { badge: item.badge } : {}) } });
      ancestors.set(item.href, trail);
    });
    for (const doc of docsByFolder.get(folder) ?? []) {
      const { label, position } = sidebarEntryOf(doc);
      entries.push({ position, name: path.basename(doc.file), item: { type: 'link', label, href: doc.route } });
      ancestors.set(doc.route, trail);
    }
    for (const child of folders.get(folder)?.folders ?? []) {
      const category = categories.get(child);
      const label = category?.label ?? titleFromName(path.posix.basename(child));
      let href: string | undefined;
      if (category?.link?.type === 'generated-index') {
        href = addGeneratedIndex({ ...category, label }, child, area);
      } else if (category?.link?.type === 'doc') {
        // Docusaurus ids are read from the docs root, which became the area's folder.
        const target = docsById.get(category.link.id) ?? docsById.get(`${config.areas[area].path}/${category.link.id}`);
        if (!target) {
          diagnostics.error({
            file: category.file,
            message: `link.id "${category.link.id}" names a doc that does not exist (or is a draft)`,
            hint: 'Use a doc id such as "infinity/web/plugins/introduction" (the path under content/docs without .md).',
          });
        }
        href = target?.route;
      } else if (category?.href) {
        href = category.href;
      }
      const childTrail = [...trail, { label, href }];
      if (href) ancestors.set(href, trail);
      const items = buildFolder(child, area, childTrail);
      if (items.length === 0 && !href) continue;
      entries.push({ position: category?.position, name: path.posix.basename(child), item: { type: 'category', label, href, items } });
    }
    entries.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.name.localeCompare(b.name));
    return entries.map((entry) => entry.item);
  };

  const addGeneratedIndex = (category: CategoryMeta, folder: string, area: AreaId) => {
    const route = generatedIndexRoute(folder, category);
    const link = category.link?.type === 'generated-index' ? category.link : undefined;
    if (!generatedIndexes.some((index) => index.route === route)) {
      generatedIndexes.push({ folder, route, title: link?.title ?? category.label ?? folder, description: link?.description ?? category.description, keywords: link?.keywords, area, file: category.file });
    }
    return route;
  };

  for (const [areaId, area] of Object.entries(config.areas) as [AreaId, PortalConfig['areas']['infinity']][]) {
    const trail = [{ label: area.label, href: docsById.get(area.mainDoc)?.route }];
    const declared = tree.sidebarFiles?.get(areaId);
    if (declared) {
      const byId = new Map(tree.docs.filter((doc) => doc.area === areaId).map((doc) => [docIdKeyOf(doc, area.path), doc]));
      const context: DeclaredSidebarContext = {
        areaPath: area.path,
        doc: (id) => byId.get(docIdKey(id)),
        labelOf,
        folder: (folder, folderTrail) => (folders.has(folder) ? buildFolder(folder, areaId, folderTrail) : undefined),
        generatedIndex: (category, folder) => addGeneratedIndex(category, folder, areaId),
        placed: (route, routeTrail) => {
          if (!ancestors.has(route)) ancestors.set(route, routeTrail);
        },
        diagnostics,
      };
      const built = [...declared.sidebars].map(([id, entries]) => ({ id, items: buildDeclaredSidebar(entries, declared, context, trail) }));
      // The area's own sidebar is the one that shows its main doc; Docusaurus shows no other on it.
      const mainRoute = docsById.get(area.mainDoc)?.route;
      const main = Math.max(0, built.findIndex(({ items }) => flattenSidebar(items).some((entry) => entry.href === mainRoute)));
      byArea.set(areaId, built[main]?.items ?? []);
      built.forEach(({ id, items }, index) => index !== main && byArea.set(sidebarKey(areaId, id), items));
    } else byArea.set(areaId, buildFolder(area.path, areaId, trail));
    if (!docsById.has(area.mainDoc)) {
      diagnostics.error({
        file: 'portal.config.ts',
        message: `areas.${areaId}.mainDoc: no doc with id "${area.mainDoc}"`,
        hint: `Create content/docs/${area.mainDoc}.md or name an existing doc id.`,
      });
    }
  }
  return { byArea, generatedIndexes, ancestors };
}

/** The key of a declared sidebar other than an area's own (see Sidebars.byArea). */
export function sidebarKey(area: AreaId, sidebarId: string): string {
  return `${area}.${slugifySegment(sidebarId) || 'sidebar'}`;
}

/** The area a sidebar key belongs to. */
export function areaOfSidebar(key: string): AreaId {
  return key.split('.')[0];
}

/** What a doc gives the sidebars that list it: its label and its position among its folder's items. */
export function sidebarEntryOf(doc: DocSource): { label: string; position?: number } {
  return { label: labelOf(doc), position: doc.frontMatter.sidebar_position };
}

/** A doc's label in a sidebar, as Docusaurus gives it (its front matter's, else its leading "# Heading"). */
function labelOf(doc: DocSource): string {
  return doc.frontMatter.sidebar_label ?? doc.frontMatter.title ?? doc.contentTitle ?? path.posix.basename(doc.id);
}

/** The sidebar's links in reading order, for previous/next. */
export function flattenSidebar(items: SidebarItem[]): { href: string; label: string }[] {
  return items.flatMap((item) =>
    item.type === 'link'
      ? [{ href: item.href, label: item.label }]
      : [...(item.href ? [{ href: item.href, label: item.label }] : []), ...flattenSidebar(item.items)],
  );
}

/** The route of a folder's generated index: its `slug`, else Docusaurus's `/category/<label>`. */
export function generatedIndexRoute(folder: string, category: CategoryMeta): string {
  const slug = category.link?.type === 'generated-index' ? category.link.slug : undefined;
  return `/docs${slug ?? `/category/${slugifySegment(category.label ?? titleFromName(path.posix.basename(folder)))}`}`;
}

function titleFromName(name: string): string {
  const words = baseName(path.posix.basename(name)).replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
