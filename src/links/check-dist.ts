import fs from 'node:fs';
import path from 'node:path';
import { routeManifestFile } from '../site/route-manifest-file.ts';
import type { CollectedLink } from '../page.ts';
import { checkScannedLinks, type LinkReport, type ScannedPage, scanHtml } from './check.ts';
import { type BrokenLinkPolicy, strictPolicy } from './policy.ts';
import { ScanCache } from './scan-cache.ts';

/** What the build wrote for this check: each page's source file, links and area, and the broken-link settings it was built with. */
export interface LinkSources {
  policy: BrokenLinkPolicy;
  pages: Record<string, { file: string; links: CollectedLink[]; area?: string }>;
}

/**
 * Checks a built output folder: every HTML file is a page (redirect stubs included, as
 * valid targets), every other file a target. Source files and lines come from the
 * link-sources file the build wrote, when it is there. With `scanCacheFile`, each file's hrefs
 * and ids are kept there for the next run, which reads only the files that changed.
 */
export function checkBuiltSite(outDir: string, sourcesFile: string, scanCacheFile?: string): LinkReport {
  // An empty or unrelated folder has no links to break: passing it would say a site was checked.
  if (!fs.existsSync(path.join(outDir, routeManifestFile))) {
    const shown = path.relative(process.cwd(), outDir) || '.';
    const what = !fs.existsSync(outDir) ? 'it does not exist' : `it has no ${routeManifestFile}, which every build writes`;
    return {
      checkedPages: 0,
      checkedLinks: 0,
      ignored: [],
      problems: [{ severity: 'error', file: shown, message: `no built site here: ${what}`, hint: `Build the site first ("portal build --out ${shown}"), or name the output folder: portal check-links <dir>.` }],
    };
  }
  // Without the build's file (a folder built elsewhere), portal's own settings judge.
  const { policy, pages: sources }: LinkSources = fs.existsSync(sourcesFile) ? JSON.parse(fs.readFileSync(sourcesFile, 'utf8')) : { policy: strictPolicy, pages: {} };
  // The compiled scanner's file name carries a hash of its code, so a changed scanner starts afresh.
  const cache = scanCacheFile ? new ScanCache(scanCacheFile, outDir, import.meta.url) : undefined;
  const scan = (relative: string, sidebarShared: boolean) => {
    const absolute = path.join(outDir, relative);
    const read = () => scanHtml(fs.readFileSync(absolute, 'utf8'), sidebarShared);
    return cache ? cache.scanOf(relative, absolute, read) : read();
  };
  // Each page is scanned as it is read, so only its hrefs and ids stay in memory.
  const pages: ScannedPage[] = [];
  const targets = new Set<string>();
  for (const relative of filesUnder(outDir)) {
    targets.add(`/${relative}`);
    // Each area's sidebar is checked once, from its shared file, not on every page.
    if (relative.startsWith('_data/sidebars/')) {
      pages.push({ route: `/${relative}`, file: `the sidebar ${relative}`, links: [], ...scan(relative, false) });
      continue;
    }
    if (!relative.endsWith('.html') || relative.startsWith('_data/')) continue;
    const route = relative === 'index.html' ? '/' : `/${relative.replace(/(\/index)?\.html$/, '')}`;
    const source = sources[route];
    pages.push({ route, file: source?.file ?? path.join(path.relative(process.cwd(), outDir), relative), links: source?.links ?? [], ...(source?.area ? { area: source.area } : {}), ...scan(relative, true) });
  }
  cache?.save();
  return checkScannedLinks(pages, targets, undefined, policy);
}

/** Every file under `folder`, as a path relative to it with "/" between names. */
function filesUnder(folder: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) files.push(...filesUnder(folder, `${relative}/`));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}
