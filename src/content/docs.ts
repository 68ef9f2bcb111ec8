import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import type { AreaId } from '../shared/types.ts';
import { type CategoryMeta, readCategory } from './categories.ts';
import { type FrontMatter, parseFrontMatter } from './front-matter.ts';
import { baseName, slugifySegment } from './slug.ts';
import { walkContent } from './walk.ts';
import { readUtf8File } from './utf8.ts';

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
  area?: AreaId;
  frontMatter: FrontMatter;
  body: string;
  bodyLineOffset: number;
}

export interface DocsTree {
  docs: DocSource[];
  /** `_category_.json` of each folder that has one, by folder. */
  categories: Map<string, CategoryMeta>;
  /** Subfolders and Markdown files of each folder. */
  folders: Map<string, { files: string[]; folders: string[] }>;
}

/** Reads every doc and `_category_.json` under `<root>/content/docs`. Drafts are left out (no route). */
export function readDocs(root: string, config: PortalConfig, diagnostics: Diagnostics): DocsTree {
  const docsRoot = path.join(root, 'content', 'docs');
  const display = (absolute: string) => path.relative(root, absolute);
  const tree = walkContent(docsRoot, diagnostics, display);
  const areaByFolder = areasByFolder(config);

  const categories = new Map<string, CategoryMeta>();
  for (const folder of tree.folders.keys()) {
    const file = path.join(docsRoot, folder, '_category_.json');
    const category = readCategory(file, display(file), diagnostics);
    if (category) categories.set(folder, category);
  }

  const docs: DocSource[] = [];
  for (const relative of tree.markdown) {
    const doc = readDocFile(root, relative, areaByFolder, diagnostics);
    if (doc) docs.push(doc);
  }
  return { docs, categories, folders: tree.folders };
}

function docRoute(folderSlug: string, ownId: string, slug: string | undefined): string {
  if (slug?.startsWith('/')) return normalizeRoute(`/docs${slug}`);
  const base = folderSlug ? `/docs/${folderSlug}` : '/docs';
  return normalizeRoute(`${base}/${slug ?? ownId}`);
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
  const text = readUtf8File(absoluteFile, file, diagnostics);
  if (text === undefined) return undefined;
  if (text.trim() === '') {
    diagnostics.error({ file, line: 1, column: 1, message: 'the page is empty', hint: 'Write the page, or delete the file.' });
    return undefined;
  }
  const { frontMatter, body, bodyLineOffset } = parseFrontMatter(text, file, diagnostics);
  if (frontMatter.draft) return undefined;
  const folder = path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative);
  const folderSlug = folder.split('/').filter(Boolean).map(slugifySegment).join('/');
  const ownId = frontMatter.id ?? slugifySegment(baseName(path.posix.basename(relative)));
  return {
    id: folderSlug ? `${folderSlug}/${ownId}` : ownId,
    file,
    absoluteFile,
    folder,
    route: docRoute(folderSlug, ownId, frontMatter.slug),
    area: areaByFolder.get(relative.split('/')[0]),
    frontMatter,
    body,
    bodyLineOffset,
  };
}

export function areasByFolder(config: PortalConfig): Map<string, AreaId> {
  return new Map((Object.entries(config.areas) as [AreaId, { path: string }][]).map(([id, area]) => [area.path, id]));
}
