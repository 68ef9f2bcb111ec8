import fs from 'node:fs';
import path from 'node:path';
import type { SiteState } from '../build/build.ts';
import { loadConfig } from '../config/load.ts';
import { formatProblem, PortalError } from '../errors.ts';
import { redirectMatcher } from '../site/redirects.ts';
import { assertOutputFolder } from '../output/output-folder.ts';
import { recoverInterruptedSwap } from '../output/recover.ts';
import { siteHeaders } from '../render/security-headers.ts';
import { DeferredWrites } from './deferred-writes.ts';
import { portalVersion } from '../portal-version.ts';
import { mcpEndpoint } from './mcp-endpoint.ts';
import { LiveReload } from './live-reload.ts';
import { createStaticServer } from './server.ts';
import { watchSources } from './watch.ts';

export interface ServeOptions {
  port: number;
  host: string;
  watch?: boolean;
  out: string;
  config: string;
}

// Long enough for an open page to fetch its new data before the twin takes the event loop.
const twinDelayMs = 150;

/** `portal serve`: the built site on loopback; with --watch, rebuild on change and reload pages. */
export async function serve(options: ServeOptions): Promise<void> {
  // The build pipeline is imported when a build is needed: serving a built site keeps a small heap,
  // which every full garbage collection has to mark (with the pipeline loaded, 66 MB: pauses of
  // 50 to 270 ms under load on this machine).
  let loaded = await loadConfig(options.config);
  const outDir = path.resolve(loaded.root, options.out);
  // A build killed mid-swap leaves the last output aside: put back before deciding whether to build.
  recoverInterruptedSwap(outDir);
  const builds = options.watch || !fs.existsSync(outDir);
  // A build replaces the output folder whole: refused before the first one, as `portal build` does.
  if (builds) assertOutputFolder(outDir, { root: loaded.root, cacheDir: loaded.config.cacheDir, flag: '--out', given: options.out });
  const live = options.watch ? new LiveReload() : undefined;
  let redirectOf = redirectMatcher(loaded.config.redirects);

  let state: SiteState | undefined;
  // MCP for assistants at /mcp, over the served folder; loaded on its first request.
  const mcp = mcpEndpoint({ root: outDir, siteUrl: () => loaded.config.url, version: portalVersion() });
  // The security headers the build wrote for hosts (Content-Security-Policy and friends),
  // read again after each full build rather than on every request.
  const readHeaders = () => {
    const file = path.join(outDir, '_headers');
    return fs.existsSync(file) ? siteHeaders(fs.readFileSync(file, 'utf8')) : {};
  };
  let headers: Record<string, string> = {};
  let searchTimer: NodeJS.Timeout | undefined;
  // An edited page's Markdown twin follows its reload, once the browser has fetched the page.
  const twins = new DeferredWrites(twinDelayMs);
  const timings = process.env.PORTAL_WATCH_TIMINGS === '1';

  /** An edited page alone is rebuilt in place; anything else gets a full (still atomic) build. */
  const onChange = async (changed: string[], waitedMs: number) => {
    // A search refresh under way is stale now: it stops, and leaves the CPU to this rebuild (the
    // refresh after this change follows).
    refreshing?.abort();
    // Twins still waiting belong to the pages now on disk: they are written before anything newer.
    twins.flush();
    if (state && changed.length > 0 && changed.every((file) => /^content[\\/]docs[\\/].*\.mdx?$/.test(file))) {
      const { updateDoc } = await import('./incremental.ts');
      const results = changed.map((file) => updateDoc(state!, file));
      const updated = results.filter((result) => result.kind === 'updated');
      // Whatever happens to the other files, these pages are on disk now: so will their twins be.
      twins.schedule(...updated.map((result) => result.writeTwin));
      const failed = results.find((result) => result.kind === 'failed');
      if (failed && failed.kind === 'failed') {
        const message = failed.problems.map(formatProblem).join('\n');
        process.stderr.write(`${message}\nportal: rebuild failed; still serving the last good build.\n`);
        live?.buildError(message);
        return;
      }
      if (results.every((result) => result.kind === 'updated')) {
        for (const warning of updated.flatMap((result) => result.warnings)) process.stderr.write(`${formatProblem(warning)}\n`);
        live?.reload(updated.map((result) => result.route));
        const stages = (result: (typeof updated)[number]) => (timings ? ` (${Object.entries(result.stages).map(([name, ms]) => `${name} ${ms}`).join(', ')})` : '');
        process.stderr.write(`portal: updated ${updated.map((result) => `${result.route} in ${result.ms} ms${stages(result)}`).join(', ')}${timings ? `; ${waitedMs} ms from the first change to the rebuild` : ''}\n`);
        // The search index follows a moment later, off the reload's path.
        clearTimeout(searchTimer);
        const current = state;
        searchTimer = setTimeout(() => void refreshSearch(current), 1000);
        return;
      }
    }
    await rebuild();
  };

  // Refreshes take turns, and a full build waits for the one under way: each writes into the
  // live output, so an older one must not finish after a newer one.
  let searching: Promise<void> = Promise.resolve();
  let refreshing: AbortController | undefined;
  const refreshSearch = (current: SiteState) => (searching = searching.then(() => refreshSearchOnce(current)));
  const refreshSearchOnce = async (current: SiteState) => {
    const started = performance.now();
    const controller = new AbortController();
    refreshing = controller;
    try {
      const { refreshSearchIndex } = await import('./incremental.ts');
      await refreshSearchIndex(current, controller.signal);
      process.stderr.write(`portal: search index refreshed in ${Math.round(performance.now() - started)} ms\n`);
      live?.searchIndexChanged();
      mcp.reset();
    } catch (error) {
      // Stopped by a newer change, whose own refresh (or full build) follows.
      if (controller.signal.aborted) {
        if (timings) process.stderr.write(`portal: search index refresh stopped by a newer change after ${Math.round(performance.now() - started)} ms\n`);
      } else process.stderr.write(`portal: search index not refreshed: ${(error as Error).message}\n`);
    } finally {
      if (refreshing === controller) refreshing = undefined;
    }
  };

  const rebuild = async () => {
    // A full build writes its own index: a pending refresh from an older state must not follow it.
    clearTimeout(searchTimer);
    twins.flush();
    await searching;
    const started = performance.now();
    try {
      loaded = await loadConfig(options.config);
      redirectOf = redirectMatcher(loaded.config.redirects);
      const { build } = await import('../build/build.ts');
      const summary = await build(loaded, { outDir, reportDir: path.join(loaded.root, '.portal', 'reports'), keepState: options.watch });
      if (summary.ok) state = summary.state;
      headers = readHeaders();
      for (const problem of summary.warnings) process.stderr.write(`${formatProblem(problem)}\n`);
      if (!summary.ok) {
        const message = summary.errors.map(formatProblem).join('\n');
        process.stderr.write(`${message}\nportal: rebuild failed; still serving the last good build.\n`);
        live?.buildError(message);
        return;
      }
      mcp.reset();
      process.stderr.write(`portal: rebuilt in ${Math.round(performance.now() - started)} ms\n`);
      live?.reload();
    } catch (error) {
      const message = error instanceof PortalError ? error.message : `internal error: ${(error as Error).message}`;
      process.stderr.write(`${message}\nportal: rebuild failed; still serving the last good build.\n`);
      live?.buildError(message);
    }
  };

  if (builds) await rebuild();
  headers = readHeaders();
  if (!fs.existsSync(outDir)) throw new PortalError({ severity: 'error', message: `nothing to serve: ${options.out} does not exist`, hint: 'Fix the build errors above, then run "portal serve" again.' });

  if (!['127.0.0.1', 'localhost', '::1'].includes(options.host)) {
    process.stderr.write(`portal: warning: listening on ${options.host}, so other machines on the network can reach this server.\n`);
  }
  const server = createStaticServer({
    headers: () => headers,
    root: outDir,
    port: options.port,
    host: options.host,
    redirectOf: (pathname) => redirectOf(pathname),
    handleExtra: live?.handle,
    watch: options.watch,
    transformHtml: live?.injectScript,
    mcp: mcp.handle,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortalError({ severity: 'error', message: `port ${options.port} is already in use`, hint: 'Stop the other server or pass --port <another port>.' })
          : error,
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  live?.listeningOn(options.host, port);
  mcp.listeningOn(options.host, port);
  // An area's sidebars.js is read as data with the docs: a change to it rebuilds the navigation.
  const { sidebarsFilePaths } = options.watch ? await import('../content/area-sidebars.ts') : { sidebarsFilePaths: () => [] };
  const watcher = options.watch ? watchSources(loaded.root, onChange, undefined, () => sidebarsFilePaths(loaded.root, loaded.config)) : undefined;
  // "Watching" is said once the watcher has read the tree: a save before that would be missed.
  await watcher?.ready;
  // The main thread's Markdown pipeline, optimised before the first save (see warm-up.ts).
  if (options.watch && state) await import('./warm-up.ts').then(({ warmMarkdownPipeline }) => warmMarkdownPipeline(state!));
  process.stderr.write(`portal: serving ${path.relative(process.cwd(), outDir) || outDir} at http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}${options.watch ? ' (watching for changes)' : ''}\n`);
  const stop = () => {
    twins.flush(); // a twin still waiting matches a page already on disk
    watcher?.close();
    live?.close();
    server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
