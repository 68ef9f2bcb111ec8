import path from 'node:path';
import type { DocSource } from '../content/docs.ts';
import { type ResolvedRouteLink, RouteLinkResolver, type RouteLinkSetup } from '../content/route-links.ts';
import { safeDecode } from '../util/safe-decode.ts';

/** Reference symbols per area, filled in once the reference phase has run. */
export interface SymbolLookup {
  areas: Map<string, { byName: Map<string, string> }>;
}

/** What a doc's Markdown twin resolves its links with: the same resolvers as its page. */
export interface GuideLinkResolvers {
  siteUrl: string;
  /** A link to a Markdown file ("../setup.md#part") -> its route with the hash, as the page resolves it. */
  markdownLink: (href: string, absoluteFile: string) => string | undefined;
  /** A relative route link ("../other-page") of a guide -> the route its page links to, or undefined. */
  routeLink?: (href: string, absoluteFile: string) => string | undefined;
  /** A local image on disk -> its published URL, or undefined. */
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
  private readonly routes: RouteLinkResolver;

  constructor(
    docs: DocSource[],
    private readonly options: { symbols?: SymbolLookup; routeLinks?: RouteLinkSetup } = {},
  ) {
    this.routes = new RouteLinkResolver(docs, options.routeLinks ?? { trailingSlash: {}, categoryRoutes: [] });
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
    return this.routes.resolve(href, fromFile);
  }

  /** An exported API name in inline code -> its reference route in the doc's area. */
  symbol(name: string, fromFile: string): string | undefined {
    const area = this.areaByFile.get(fromFile);
    return area ? this.options.symbols?.areas.get(area)?.byName.get(name) : undefined;
  }
}
