import path from 'node:path';
import chokidar from 'chokidar';

/**
 * Calls `rebuild` after changes under the watched paths settle. Saves that arrive while a
 * build runs are folded into one follow-up build, so a burst of saves never queues up builds.
 */
export function watchSources(root: string, rebuild: (changed: string[]) => Promise<void>, debounceMs = 30) {
  const watcher = chokidar.watch(['content', 'templates', 'portal.config.ts', 'src'].map((entry) => path.join(root, entry)), {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(node_modules|dist|\.portal)([/\\]|$)/.test(file),
  });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = async () => {
    if (running) return;
    const changed = [...pending];
    pending = new Set();
    running = rebuild(changed).finally(() => {
      running = undefined;
      if (pending.size) schedule();
    });
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };
  watcher.on('all', (_event, file) => {
    pending.add(path.relative(root, file));
    schedule();
  });
  return { close: () => watcher.close() };
}
