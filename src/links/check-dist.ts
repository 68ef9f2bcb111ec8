import fs from 'node:fs';
import path from 'node:path';
import type { CollectedLink } from '../markdown/plugins/links.ts';
import { checkScannedLinks, type LinkReport, scanPage, type ScannedPage } from './check.ts';

/**
 * Checks a built output folder: every HTML file is a page (redirect stubs included, as
 * valid targets), every other file a target. Source files and lines come from the
 * link-sources file the build wrote, when it is there.
 */
export function checkBuiltSite(outDir: string, sourcesFile: string): LinkReport {
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
  // Each page is scanned as it is read, so only its hrefs and ids stay in memory.
  const pages: ScannedPage[] = [];
  const targets = new Set<string>();
  for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    if (!entry.isFile()) continue;
    const parent = entry.parentPath ?? (entry as unknown as { path: string }).path;
    const relative = path.relative(outDir, path.join(parent, entry.name)).split(path.sep).join('/');
    targets.add(`/${relative}`);
    // Each area's sidebar is checked once, from its shared file, not on every page.
    if (relative.startsWith('_data/sidebars/')) {
      pages.push(scanPage({ route: `/${relative}`, html: fs.readFileSync(path.join(outDir, relative), 'utf8'), file: `the sidebar ${relative}`, links: [] }));
      continue;
    }
    if (!relative.endsWith('.html') || relative.startsWith('_data/')) continue;
    const route = relative === 'index.html' ? '/' : `/${relative.replace(/(\/index)?\.html$/, '')}`;
    const source = sources[route];
    pages.push(scanPage({ route, html: fs.readFileSync(path.join(outDir, relative), 'utf8'), file: source?.file ?? path.join(path.relative(process.cwd(), outDir), relative), links: source?.links ?? [], sidebarShared: true }));
  }
  return checkScannedLinks(pages, targets);
}
