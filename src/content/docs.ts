import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import type { AreaId } from '../shared/types.ts';
import { readAreaSidebars } from './area-sidebars.ts';
import { attachPartials, isPartial } from './partials.ts';
import { type CategoryMeta, categoryFileOf, readCategory } from './categories.ts';
import { type FrontMatter, parseFrontMatter } from './front-matter.ts';
import { baseName, legacySlugSegment, slugifySegment, withoutNumberPrefix } from '../util/slug.ts';
import type { SidebarsFile } from './sidebars-file.ts';
import { walkContent } from './walk.ts';
import { readUtf8File } from '../util/utf8.ts';

/** One Markdown file under content/docs, read and split but not yet rendered. */
export interface DocSource {
  /** "infinity/mobile/android/use-a-pin": the folder path plus the file's id. */
  id: string;
  /** Path shown in messages, relative to the project root. */
  file: string;
  absoluteFile: string;
  /** The folder relative to content/docs ('' at the top). */
  folder: string;
  route: string;
  /** The route portal 0.2's URL rule gave this file, when it differs (it redirects to `route`). */
  legacyRoute?: string;
  area?: AreaId;
  /** Docusaurus's folder index ("index.md", "README.md", "guides/guides.md"): its URL ends in "/" there. */
  folderIndex?: boolean;
  /** The text of the body's leading "# Heading", if any (a sidebar label, as in Docusaurus). */
  contentTitle?: string;
  frontMatter: FrontMatter;
  /** Where the front matter's `slug` is written, if it is. */
  slugAt?: { line: number; column: number };
  body: string;
  bodyLineOffset: number;
  /** The partials the body imports (and theirs), by the name it imports each as (partials.ts). */
  partials?: Record<string, { file: string; body: string }>;
}

export interface DocsTree {
  docs: DocSource[];
  /** `_category_.json` of each folder that has one, by folder. */
  categories: Map<string, CategoryMeta>;
  /** Subfolders and Markdown files of each folder. */
  folders: Map<string, { files: string[]; folders: string[] }>;
  /** The Docusaurus `sidebars.js` of each area that has one (area-sidebars.ts). */
  sidebarFiles?: Map<AreaId, SidebarsFile>;
}

/** Reads every doc and `_category_.json` under `<root>/content/docs`. Drafts are left out (no route). */
export function readDocs(root: string, config: PortalConfig, diagnostics: Diagnostics): DocsTree {
  const docsRoot = path.join(root, 'content', 'docs');
  const display = (absolute: string) => path.relative(root, absolute);
  const tree = walkContent(docsRoot, diagnostics, { projectRoot: root, display });
  const areaByFolder = areasByFolder(config);

  const categories = new Map<string, CategoryMeta>();
  // A category file the walker refused (a symlink out of the project, a FIFO) is reported once, by it.
  const walked = new Set(tree.files);
  for (const folder of tree.folders.keys()) {
    const file = categoryFileOf(path.join(docsRoot, folder));
    const category = file && walked.has(path.relative(docsRoot, file).split(path.sep).join('/')) && readCategory(file, display(file), diagnostics, [root]);
    if (category) categories.set(folder, category);
  }

  const docs: DocSource[] = [];
  const partials = new Map<string, string>();
  for (const relative of tree.markdown) {
    if (isPartial(relative)) {
      const text = readUtf8File(path.join(docsRoot, relative), display(path.join(docsRoot, relative)), diagnostics, [root]);
      if (text !== undefined) partials.set(relative, text);
      continue;
    }
    const doc = readDocFile(root, relative, areaByFolder, diagnostics);
    if (doc) docs.push(doc);
  }
  attachPartials(docs, partials, (relative) => [...areaByFolder.keys()].find((folder) => relative.startsWith(`${folder}/`)), diagnostics);
  return { docs, categories, folders: tree.folders, sidebarFiles: readAreaSidebars(root, config, docs, diagnostics) };
}

// A Docusaurus docs folder moves in as an area, so an absolute slug is read from the area's
// root, as Docusaurus reads it from the docs root ("slug: /" is the area's home).
function docRoute(folderSlug: string, ownId: string, slug: string | undefined, areaFolder: string | undefined): string {
  if (slug?.startsWith('/')) return normalizeRoute(areaFolder ? `/docs/${areaFolder}${slug}` : `/docs${slug}`);
  const base = folderSlug ? `/docs/${folderSlug}` : '/docs';
  return normalizeRoute(`${base}/${slug ?? ownId}`);
}

/**
 * The two places Docusaurus's URL of a file differs from the plain rule. Its folder index,
 * "README.md" or a file named as its folder ("guides/guides.md"), takes the folder's URL, as
 * "index.md" does; and a number-prefixed "00_index.md" is no folder index (Docusaurus matches the
 * file name before the prefix is dropped), so it keeps "/index". A `slug` overrides both.
 */
function docusaurusRoute(route: string, file: string, folderName: string, frontMatter: FrontMatter): string {
  if (frontMatter.slug !== undefined) return route;
  const fileName = file.replace(/\.mdx?$/i, '').toLowerCase();
  if (fileName !== 'index' && isFolderIndexFile(file, folderName)) return route.replace(/\/[^/]+$/, '') || '/';
  if (fileName !== 'index' && frontMatter.id === undefined && baseName(fileName) === 'index') return `${route}/index`;
  return route;
}

/** Docusaurus's test, on the file name as written (a number prefix makes it no index). */
function isFolderIndexFile(file: string, folderName: string): boolean {
  const fileName = file.replace(/\.mdx?$/i, '').toLowerCase();
  return fileName === 'index' || fileName === 'readme' || (folderName !== '' && fileName === folderName.toLowerCase());
}

/** Routes never end in "/" (except the root) and never hold "//". */
export function normalizeRoute(route: string): string {
  const cleaned = route.replace(/\/{2,}/g, '/').replace(/\/index$/, '');
  return cleaned.length > 1 ? cleaned.replace(/\/$/, '') : '/';
}

/** Reads one doc (relative to content/docs); undefined for drafts and unreadable files. */
export function readDocFile(root: string, relative: string, areaByFolder: Map<string, AreaId>, diagnostics: Diagnostics): DocSource | undefined {
  const absoluteFile = path.join(root, 'content', 'docs', relative);
  const file = path.relative(root, absoluteFile);
  const text = readUtf8File(absoluteFile, file, diagnostics, [root]);
  if (text === undefined) return undefined;
  if (text.trim() === '') {
    diagnostics.error({ file, line: 1, column: 1, message: 'the page is empty', hint: 'Write the page, or delete the file.' });
    return undefined;
  }
  const { frontMatter, body, bodyLineOffset, slugAt } = parseFrontMatter(text, file, diagnostics);
  if (frontMatter.draft) return undefined;
  const folder = path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative);
  const segments = folder.split('/').filter(Boolean);
  const topFolder = relative.split('/')[0];
  const area = areaByFolder.get(topFolder);
  // Folders lose their number prefix as files do ("01-guides/intro.md" -> "guides/intro"); an area's own folder is named in the config and kept.
  const folderSlug = segments.map((segment, index) => slugifySegment(index === 0 && area ? segment : withoutNumberPrefix(segment))).join('/');
  const name = baseName(path.posix.basename(relative));
  const ownId = frontMatter.id ?? slugifySegment(name);
  const nameless = namelessSegment(segments, path.posix.basename(relative), name, frontMatter);
  if (nameless) {
    diagnostics.error({
      file,
      line: 1,
      column: 1,
      message: `the ${nameless} has nothing a URL can be made of (Latin letters or digits; Chinese, Japanese and Korean are not transliterated), so the page would have no URL of its own`,
      hint: 'Give the page its URL in its front matter, such as "slug: /guides/getting-started", or rename it with Latin letters.',
    });
    return undefined;
  }
  const areaFolder = area ? slugifySegment(topFolder) : undefined;
  // An area's folder is the Docusaurus docs root: a file there named like it is no folder index.
  const folderName = area && segments.length === 1 ? '' : (segments[segments.length - 1] ?? '');
  const folderIndex = frontMatter.slug === undefined && isFolderIndexFile(path.posix.basename(relative), folderName);
  const route = docusaurusRoute(docRoute(folderSlug, ownId, frontMatter.slug, areaFolder), path.posix.basename(relative), folderName, frontMatter);
  const legacyRoute = docRoute(segments.map(legacySlugSegment).join('/'), frontMatter.id ?? legacySlugSegment(name), frontMatter.slug, areaFolder && legacySlugSegment(topFolder));
  return {
    id: folderSlug ? `${folderSlug}/${ownId}` : ownId,
    file,
    absoluteFile,
    folder,
    route,
    ...(legacyRoute !== route ? { legacyRoute } : {}),
    area,
    ...(folderIndex ? { folderIndex } : {}),
    contentTitle: leadingHeading(body),
    frontMatter,
    ...(slugAt ? { slugAt } : {}),
    body,
    bodyLineOffset,
  };
}

/**
 * The folder or file name of a doc that slugifies to nothing ("中文.md"), where the route needs it:
 * an absolute `slug` needs neither, a relative one or an `id` replaces the file's own name.
 */
function namelessSegment(folders: string[], file: string, name: string, frontMatter: FrontMatter): string | undefined {
  if (frontMatter.slug?.startsWith('/')) return undefined;
  const folder = folders.find((segment) => slugifySegment(segment) === '');
  if (folder !== undefined) return `folder name "${folder}"`;
  if (frontMatter.slug === undefined && frontMatter.id === undefined && slugifySegment(name) === '') return `file name "${file}"`;
  return undefined;
}

/** The text of a "# Heading" that opens the body (after imports and comments), plain. */
function leadingHeading(body: string): string | undefined {
  const lines = body.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '' || /^import\s/.test(line) || /^<!--.*-->\s*$/.test(line) || /^\{\/\*.*\*\/\}\s*$/.test(line)) continue;
    // "# Title", or "Title" underlined with "===" (the setext form).
    const heading = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1] ?? (/^ {0,3}=+[ \t]*$/.test(lines[index + 1] ?? '') ? line.trim() : undefined);
    return heading
      ?.replace(/\s*\{#[^}]*\}$/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/(\*\*|__|`)/g, '')
      .trim();
  }
  return undefined;
}

export function areasByFolder(config: PortalConfig): Map<string, AreaId> {
  return new Map((Object.entries(config.areas) as [AreaId, { path: string }][]).map(([id, area]) => [area.path, id]));
}
