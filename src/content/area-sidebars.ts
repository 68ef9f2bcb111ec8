import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import type { AreaId } from '../shared/types.ts';
import { docIdKey, docIdKeyOf } from './declared-sidebars.ts';
import type { DocSource } from './docs.ts';
import { readSidebarsFile, type SidebarEntry, type SidebarsFile } from './sidebars-file.ts';
import { readUtf8File } from '../util/utf8.ts';

// Where Docusaurus keeps it: beside its config, as portal.config.ts stands where that was.
const besideConfig = ['sidebars.js', 'sidebars.ts', 'sidebars.mjs', 'sidebars.cjs'];

/** Every file readAreaSidebars may read (there or not yet): watch mode rebuilds when one changes. */
export function sidebarsFilePaths(root: string, config: PortalConfig): string[] {
  const named = Object.values(config.areas).flatMap((settings) => (typeof settings.sidebarPath === 'string' ? [path.resolve(root, settings.sidebarPath)] : []));
  return [...new Set([...named, ...besideConfig.map((name) => path.join(root, name))])];
}

/**
 * The `sidebars.js` of each area that has one: the file an area's `sidebarPath` names, and a
 * `sidebars.js`/`.ts` beside portal.config.ts for the area whose folder its doc ids name (the
 * area with the most of them; no other setting needed). One that names no doc of any area is
 * not read, with a warning saying so.
 */
export function readAreaSidebars(root: string, config: PortalConfig, docs: DocSource[], diagnostics: Diagnostics): Map<AreaId, SidebarsFile> {
  const result = new Map<AreaId, SidebarsFile>();
  const read = (absolute: string) => {
    const display = path.relative(root, absolute);
    const text = readUtf8File(absolute, display, diagnostics, [root]);
    return text === undefined ? undefined : readSidebarsFile(text, display, diagnostics);
  };
  const named = new Set<string>();
  for (const [area, settings] of Object.entries(config.areas)) {
    if (typeof settings.sidebarPath !== 'string') continue;
    const absolute = path.resolve(root, settings.sidebarPath);
    named.add(absolute);
    if (!fs.existsSync(absolute)) {
      diagnostics.error({ file: 'portal.config.ts', message: `areas.${area}.sidebarPath: "${settings.sidebarPath}" does not exist`, hint: 'Give the path of the sidebars.js from the project root, or leave sidebarPath out for the folder tree.' });
      continue;
    }
    const file = read(absolute);
    if (file) result.set(area, file);
  }
  const candidates = besideConfig.map((name) => path.join(root, name)).filter((file) => fs.existsSync(file) && !named.has(file));
  const open = Object.entries(config.areas).filter(([area, settings]) => settings.sidebarPath === undefined && !result.has(area));
  for (const absolute of candidates) {
    const file = read(absolute);
    if (!file) continue;
    const ids = [...file.sidebars.values()].flatMap(idsOf).map(docIdKey);
    let best: { area: AreaId; count: number } | undefined;
    for (const [area, settings] of open) {
      const keys = new Set(docs.filter((doc) => doc.area === area).map((doc) => docIdKeyOf(doc, settings.path)));
      const count = ids.filter((id) => keys.has(id)).length;
      if (count > (best?.count ?? 0)) best = { area, count };
    }
    if (!best) {
      diagnostics.warn({ file: file.file, message: 'is not read: none of its doc ids names a doc of an area without a sidebarPath, so every area keeps its folder tree', hint: 'Name the file in the area it belongs to (areas.<area>.sidebarPath), or check its ids against the area\'s folder.' });
      continue;
    }
    result.set(best.area, file);
    open.splice(open.findIndex(([area]) => area === best.area), 1);
  }
  return result;
}

/** The doc ids a sidebar names, at any depth. */
function idsOf(entries: SidebarEntry[]): string[] {
  return entries.flatMap((entry): string[] => {
    if (typeof entry === 'string') return [entry];
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return [];
    if ((entry.type === 'doc' || entry.type === 'ref') && typeof entry.id === 'string') return [entry.id];
    const link = entry.link as { type?: unknown; id?: unknown } | undefined;
    const own = link?.type === 'doc' && typeof link.id === 'string' ? [link.id] : [];
    if (Array.isArray(entry.items)) return [...own, ...idsOf(entry.items as SidebarEntry[])];
    if (entry.type === undefined) return Object.values(entry).flatMap((value) => (Array.isArray(value) ? idsOf(value as SidebarEntry[]) : []));
    return own;
  });
}
