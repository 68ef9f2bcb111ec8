import fs from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';

/**
 * Calls `rebuild` after changes under the watched paths settle (`debounceMs`: long enough to
 * fold a checkout's or a find-and-replace's many files into one build, short enough not to
 * count on the way from save to screen; an editor's save is written well within it). Saves that arrive while a
 * build runs are folded into one follow-up build, so a burst of saves never queues up builds.
 */
/**
 * `alsoWatch` gives the source files outside those folders that the config names (an area's
 * `sidebars.js`); it is asked again after each build, as the config may name others by then.
 */
export function watchSources(root: string, rebuild: (changed: string[], waitedMs: number) => Promise<void>, debounceMs = 10, alsoWatch: () => string[] = () => []) {
  const watcher = chokidar.watch([...['content', 'templates', 'portal.config.ts', 'src'].map((entry) => path.join(root, entry)), ...alsoWatch()], {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(node_modules|dist|\.portal)([/\\]|$)/.test(file),
  });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  // When the first change of the pending batch was seen, to report how long it waited.
  let firstSeen: number | undefined;
  let running: Promise<void> | undefined;

  const modified = (file: string) => {
    try {
      return fs.statSync(path.join(root, file)).mtimeMs;
    } catch {
      return -1; // deleted
    }
  };

  // The watcher can drop or fold events in a burst of saves. Files built in the last few
  // seconds are re-checked a few times a second: one that changed since it was built is built
  // again, so the last save always wins.
  const recent = new Map<string, { mtime: number; until: number }>();
  const recheck = setInterval(() => {
    const now = Date.now();
    for (const [file, entry] of recent) {
      if (now > entry.until) recent.delete(file);
      else if (!running && modified(file) !== entry.mtime) {
        recent.delete(file);
        pending.add(file);
        schedule();
      }
    }
  }, 250);
  recheck.unref();

  const run = async () => {
    if (running) return;
    const changed = [...pending];
    pending = new Set();
    const waitedMs = Math.round(performance.now() - (firstSeen ?? performance.now()));
    firstSeen = undefined;
    const before = new Map(changed.map((file) => [file, modified(file)]));
    running = rebuild(changed, waitedMs).finally(() => {
      running = undefined;
      watcher.add(alsoWatch());
      for (const [file, mtime] of before) recent.set(file, { mtime, until: Date.now() + 10_000 });
      if (pending.size) schedule();
    });
  };
  const schedule = () => {
    firstSeen ??= performance.now();
    clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };
  watcher.on('all', (_event, file) => {
    pending.add(path.relative(root, file));
    schedule();
  });
  return {
    /** Settles once the watcher has read the watched tree; changes made before then are not seen. */
    ready: new Promise<void>((resolve) => watcher.once('ready', () => resolve())),
    close: () => {
      clearInterval(recheck);
      return watcher.close();
    },
  };
}
