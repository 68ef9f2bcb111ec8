import fs from 'node:fs';
import path from 'node:path';
import type { CollectedLink } from '../page.ts';
import { checkScannedLinks, type LinkReport, type ScannedPage, scanHtml } from './check.ts';
import { ScanCache } from './scan-cache.ts';
import { recoverInterruptedSwap } from '../output/recover.ts';

/**
 * Checks a built output folder: every HTML file is a page (redirect stubs included, as
 * valid targets), every other file a target. Source files and lines come from the
 * link-sources file the build wrote, when it is there. With `scanCacheFile`, each file's hrefs
 * and ids are kept there for the next run, which reads only the files that changed.
 */
export function checkBuiltSite(outDir: string, sourcesFile: string, scanCacheFile?: string): LinkReport {
  // A build killed mid-swap leaves the last output aside: put back before checking it.
  recoverInterruptedSwap(outDir);
  if (!fs.existsSync(outDir)) {
    return {
      checkedPages: 0,
      checkedLinks: 0,
      problems: [{ severity: 'error', file: outDir, message: 'no built site here', hint: 'Run "portal build" first, or name the output folder: portal check-links <dir>.' }],
    };
  }
  const sources: Record<string, { file: string; links: CollectedLink[] }> = fs.existsSync(sourcesFile)
    ? JSON.parse(fs.readFileSync(sourcesFile, 'utf8'))
    : {};
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
    pages.push({ route, file: source?.file ?? path.join(path.relative(process.cwd(), outDir), relative), links: source?.links ?? [], ...scan(relative, true) });
  }
  cache?.save();
  return checkScannedLinks(pages, targets);
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
