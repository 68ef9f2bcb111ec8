import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { VFile } from 'vfile';
import { safeDecode } from '../util/safe-decode.ts';
import type { LocalImages } from './local-images.ts';
import type { MarkdownOptions } from './pipeline.ts';
import { parseSvg } from './svg.ts';

/** Reference symbols per area, filled in once the reference phase has run. */
export interface SymbolLookup {
  areas: Map<string, { byName: Map<string, string> }>;
}

/** What the link resolver reads of a doc (content/docs.ts's DocSource has it all). */
export interface LinkedDoc {
  absoluteFile: string;
  /** Relative to the project root. */
  file: string;
  /** The folder relative to content/docs ('' at the top). */
  folder: string;
  route: string;
  area?: string;
}

/** A relative route link read the way the Docusaurus site's readers had it followed. */
export interface ResolvedRouteLink {
  /** The href to publish: a route of ours when one matched, else the path the link resolved to. */
  href: string;
  /** The URL the link was read from (the page's URL on the Docusaurus site, in our route space). */
  base: string;
  found: boolean;
  /** For the link check, when nothing matched: how the link was read. */
  hint?: string;
}

/** Reads relative route links ("../other-page") of the tree's docs (content/route-links.ts). */
export interface RouteLinks {
  /** Undefined when the file is not a doc (its links stay as they are). */
  resolve(href: string, absoluteFile: string): ResolvedRouteLink | undefined;
}

/** What a doc's Markdown twin resolves its links with: the same resolvers as its page. */
export interface GuideLinkResolvers {
  siteUrl: string;
  /** A link to a Markdown file ("../setup.md#part") -> its route with the hash, as the page resolves it. */
  markdownLink: (href: string, absoluteFile: string) => string | undefined;
  /** A relative route link ("../other-page") of a guide -> the route its page links to, or undefined. */
  routeLink?: (href: string, absoluteFile: string) => string | undefined;
  /** The page's rule for a local image (where it is read from, whether it may be). */
  images: LocalImages;
  /** Publishes a local image the rule allowed -> its URL (the build notes what a twin published). */
  assetOf: (absoluteFile: string) => string | undefined;
  /** An exported API name in a guide's area -> its reference route (the page's symbol links). */
  symbolRoute?: (name: string, absoluteFile: string) => string | undefined;
  /** What the test suite checks a block of this language on this page with (content/sample-checks.json), as its page says. */
  checkedWith?: (language: string, absoluteFile: string) => string | undefined;
  /** What the resolvers answer from, as plain data: a cache key covers the twins with it. */
  resolvesFrom?: unknown;
}

/**
 * How a doc's links become routes: links to Markdown files, relative route links and the names of
 * reference symbols. A page and its Markdown twin both resolve through this one class, so the twin
 * an assistant reads links where the page does.
 */
export class DocLinks {
  private readonly routeByFile: Map<string, string>;
  private readonly areaByFile: Map<string, string | undefined>;
  /** The folders a doc's `.md` links are also read from: its area's folder, then content/docs. */
  private readonly rootsByFile: Map<string, string[]>;

  constructor(
    docs: LinkedDoc[],
    private readonly options: { symbols?: SymbolLookup; routeLinks?: RouteLinks } = {},
  ) {
    this.routeByFile = new Map(docs.map((doc) => [doc.absoluteFile, doc.route]));
    this.areaByFile = new Map(docs.map((doc) => [doc.absoluteFile, doc.area]));
    this.rootsByFile = new Map(
      docs.map((doc) => {
        const docsRoot = path.join(doc.absoluteFile.slice(0, doc.absoluteFile.length - doc.file.length), 'content', 'docs');
        const areaRoot = path.join(docsRoot, doc.folder.split('/')[0]);
        return [doc.absoluteFile, doc.area ? [areaRoot, docsRoot] : [docsRoot]];
      }),
    );
  }

  /**
   * A link to a Markdown file ("../setup.md#install", "/guides/setup.md") -> the route it names,
   * with its query and hash, or undefined when no doc is there. As in Docusaurus, a relative link
   * is read from the file's folder first, then from the docs root (here the area's folder, then
   * content/docs); a link starting with "/" from the docs root alone.
   */
  markdownFile(href: string, fromFile: string): string | undefined {
    const cut = href.search(/[?#]/);
    const target = safeDecode(cut < 0 ? href : href.slice(0, cut));
    const suffix = cut < 0 ? '' : href.slice(cut);
    const roots = this.rootsByFile.get(fromFile) ?? [];
    const candidates = target.startsWith('/') ? roots.map((root) => path.join(root, target)) : [path.resolve(path.dirname(fromFile), target), ...roots.map((root) => path.resolve(root, target))];
    const route = candidates.map((candidate) => this.routeByFile.get(candidate)).find(Boolean);
    return route && route + suffix;
  }

  /** A relative route link ("../other-page") as the doc's Docusaurus site had it followed. */
  routeLink(href: string, fromFile: string): ResolvedRouteLink | undefined {
    return this.options.routeLinks?.resolve(href, fromFile);
  }

  /** An exported API name in inline code -> its reference route in the doc's area. */
  symbol(name: string, fromFile: string): string | undefined {
    const area = this.areaByFile.get(fromFile);
    return area ? this.options.symbols?.areas.get(area)?.byName.get(name) : undefined;
  }
}

/** What the resolvers of one content tree answer from, besides its docs. */
export interface DocResolverSetup {
  symbols?: SymbolLookup;
  routeLinks?: RouteLinks;
  images: LocalImages;
  /** Publishes a local image under a content-hashed name -> its URL. */
  publish: (absoluteFile: string) => string | undefined;
  siteUrl?: string;
  /** The "Checked with" label of a code block of this language on this page, if any. */
  checkedWith?: (language: string, absoluteFile: string) => string | undefined;
  /** What the resolvers answer from, as plain data (the twins' cache key). */
  resolvesFrom?: unknown;
}

/** The resolvers a page's Markdown processor takes from its content tree. */
export type PageResolvers = Pick<MarkdownOptions, 'resolveMarkdownLink' | 'resolveRouteLink' | 'resolveSymbol' | 'checkedWith' | 'refuseImage' | 'resolveAsset' | 'measureImage' | 'loadSvg'>;

/**
 * The one factory of a content tree's resolvers: one DocLinks and one image rule, handed to the
 * pages' processor and to their twins, so a twin's links and images go where its page's do.
 */
export function createDocResolvers(docs: LinkedDoc[], setup: DocResolverSetup): { page: PageResolvers; twin: GuideLinkResolvers } {
  const links = new DocLinks(docs, { symbols: setup.symbols, routeLinks: setup.routeLinks });
  const { images, publish } = setup;
  // What is measured or inlined is read at the path that was checked, not at a name that may have changed since.
  const checkedImage = (src: string, file: VFile) => {
    const check = images.check(src, file.path);
    return check.status === 'ok' ? check.real : undefined;
  };
  const page: PageResolvers = {
    resolveMarkdownLink: (href, file) => links.markdownFile(href, file.path),
    resolveRouteLink: (href, file) => links.routeLink(href, file.path),
    resolveSymbol: (name, file) => links.symbol(name, file.path),
    checkedWith: setup.checkedWith && ((language, file) => setup.checkedWith!(language, file.path)),
    refuseImage: (src, file) => {
      const check = images.check(src, file.path);
      return check.status === 'refused' ? check.refusal : undefined;
    },
    resolveAsset: (src, file) => images.url(src, file.path, publish),
    measureImage: (src, file) => {
      const absolute = checkedImage(src, file);
      if (!absolute) return undefined;
      try {
        const { width, height } = imageSize(fs.readFileSync(absolute));
        return width && height ? { width, height } : undefined;
      } catch {
        return undefined;
      }
    },
    loadSvg: (src, file) => {
      const absolute = checkedImage(src, file);
      return absolute ? parseSvg(fs.readFileSync(absolute, 'utf8')) : undefined;
    },
  };
  const twin: GuideLinkResolvers = {
    siteUrl: setup.siteUrl ?? '',
    markdownLink: (href, file) => links.markdownFile(href, file),
    routeLink: (href, file) => links.routeLink(href, file)?.href,
    images,
    assetOf: publish,
    symbolRoute: (name, file) => links.symbol(name, file),
    checkedWith: setup.checkedWith,
    resolvesFrom: setup.resolvesFrom,
  };
  return { page, twin };
}
