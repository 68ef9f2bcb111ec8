import fs from 'node:fs';
import path from 'node:path';

// The folders a build makes beside its output, and how portal knows them again. A swap leaves
// `<dir>.staging-<pid>-<ms>` (the new site being written), `<dir>.previous-<pid>-<ms>` (the old
// output set aside) and `.<dir>.discarded-<pid>-<ms>` (the old output being deleted). Recovery
// renames or deletes such folders, so a name alone is never enough: a writer's
// `notes.staging-old/` or `notes.previous-2023/` is theirs. Each folder portal makes holds a
// marker file naming the output and the stamp; only a folder with the exact name and a marker
// that matches it is portal's. The output about to be set aside is marked from beside it
// (`.<dir>.previous-<pid>-<ms>.portal-swap`), never from inside: a build killed between marking
// and setting aside then leaves the output exactly as it was.

export type SwapKind = 'staging' | 'previous' | 'discarded';

/**
 * The marker's name: hidden, so no host publishes it and no route or static file can be it; it
 * is removed from the new output as soon as the output is swapped in.
 */
export const swapMarkerName = '.portal-swap';

/** A stamp for this swap's folders: this process and this moment. */
export function swapStamp(): string {
  return `${process.pid}-${Date.now()}`;
}

/** The path of the `kind` folder of `outDir`'s swap `stamp`. */
export function swapFolder(outDir: string, kind: SwapKind, stamp: string): string {
  const name = `${path.basename(outDir)}.${kind}-${stamp}`;
  return path.join(path.dirname(outDir), kind === 'discarded' ? `.${name}` : name);
}

/** Writes the marker that makes `folder` a swap folder of `outDir`'s swap `stamp`. */
export function markSwapFolder(folder: string, outDir: string, stamp: string): void {
  fs.writeFileSync(path.join(folder, swapMarkerName), markerText(outDir, stamp));
}

/** The marker, beside the output's parent, that vouches for the `previous` folder of swap `stamp`. */
export function previousMarkerPath(outDir: string, stamp: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.previous-${stamp}${swapMarkerName}`);
}

/** Marks, from beside it, the output about to be set aside as swap `stamp`'s `previous` folder. */
export function markPreviousOutput(outDir: string, stamp: string): void {
  fs.writeFileSync(previousMarkerPath(outDir, stamp), markerText(outDir, stamp));
}

/** Removes the marker beside the output that `markPreviousOutput` wrote, if it is portal's. */
export function unmarkPreviousOutput(outDir: string, stamp: string): void {
  const marker = previousMarkerPath(outDir, stamp);
  if (readMarker(marker) === markerText(outDir, stamp)) fs.rmSync(marker, { force: true });
}

/**
 * The stamps of the markers among `names` (the entries of `outDir`'s parent) whose `previous`
 * folder is gone: a build killed after marking, before setting aside.
 */
export function strayPreviousMarkers(outDir: string, names: string[]): string[] {
  const prefix = `.${path.basename(outDir)}.previous-`;
  return names
    .filter((name) => name.startsWith(prefix) && name.endsWith(swapMarkerName))
    .map((name) => name.slice(prefix.length, -swapMarkerName.length))
    .filter((stamp) => /^\d{1,10}-\d{1,15}$/.test(stamp) && !fs.existsSync(swapFolder(outDir, 'previous', stamp)));
}

/**
 * Removes the marker from `folder` (the output once swapped in, or put back) when it is one
 * portal wrote; anything else of that name stays.
 */
export function unmarkSwapFolder(folder: string): void {
  const marker = path.join(folder, swapMarkerName);
  const text = readMarker(marker);
  if (text !== undefined && /^portal swap folder of .* \d+-\d+\n$/.test(text)) fs.rmSync(marker, { force: true });
}

/** A folder beside `outDir` that portal's swap made, as recovery finds it. */
export interface SwapLeftover {
  kind: SwapKind;
  folder: string;
  /** Its swap's stamp (`<pid>-<ms>`). */
  stamp: string;
  /** The process that made it. */
  pid: number;
  /** Whether it holds the marker (a staging folder lacks it only while, or if killed while, it is made). */
  marked: boolean;
}

/**
 * The swap folder `name` (an entry of `outDir`'s parent) is, or undefined when it is not
 * portal's: a name not of the exact form, a symlink or file, or a marker that is missing (a
 * staging folder may lack it only when empty) or names another output or stamp.
 */
export function swapLeftover(outDir: string, name: string): SwapLeftover | undefined {
  const base = path.basename(outDir);
  const match = /^(\.?)(.*)\.(staging|previous|discarded)-(\d{1,10})-(\d{1,15})$/.exec(name);
  if (!match || match[2] !== base || (match[1] === '.') !== (match[3] === 'discarded')) return undefined;
  const kind = match[3] as SwapKind;
  const stamp = `${match[4]}-${match[5]}`;
  const folder = path.join(path.dirname(outDir), name);
  if (!fs.lstatSync(folder, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const text = markerText(outDir, stamp);
  const marked = readMarker(path.join(folder, swapMarkerName)) === text || (kind === 'previous' && readMarker(previousMarkerPath(outDir, stamp)) === text);
  if (!marked && !(kind === 'staging' && isEmptyFolder(folder))) return undefined;
  return { kind, folder, stamp, pid: Number(match[4]), marked };
}

function markerText(outDir: string, stamp: string): string {
  return `portal swap folder of ${path.basename(outDir)} ${stamp}\n`;
}

/** The marker's text when it is a small regular file (never through a symlink); else undefined. */
function readMarker(marker: string): string | undefined {
  try {
    const stats = fs.lstatSync(marker, { throwIfNoEntry: false });
    if (!stats?.isFile() || stats.size > 4096) return undefined;
    return fs.readFileSync(marker, 'utf8');
  } catch {
    return undefined;
  }
}

function isEmptyFolder(folder: string): boolean {
  try {
    return fs.readdirSync(folder).length === 0;
  } catch {
    return false;
  }
}
