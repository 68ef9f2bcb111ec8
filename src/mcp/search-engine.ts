import { type EngineFiles, engineFilesFor } from '../search/engine-files.ts';
import type { MergingPagefind } from '../shared/search/index-shards.ts';
import type { PagefindSearch } from '../shared/search/results.ts';

/**
 * Pagefind's search engine as installed with portal: the `pagefind.js` and WebAssembly that the
 * `pagefind` package this portal depends on writes, never the ones a site serves. A site's files
 * are data to this engine; nothing a site sends is run.
 */
export interface SearchEngine {
  /** The Pagefind version of this engine ("1.6.0"). */
  version: string;
  /** The engine's module, loaded once per process from memory. */
  module: () => Promise<PagefindModule>;
  /** The engine's WebAssembly for a language ("en", "unknown"), or undefined when it has none. */
  wasm: (language: string) => Promise<Uint8Array | undefined>;
  /** The errors the engine reported on its console since the last call, oldest first (see `engineConsole`). */
  takeErrors: () => string[];
}

/** One search over one index: the engine's `createInstance`, as much of it as portal uses. */
export interface PagefindInstance extends PagefindSearch, MergingPagefind {
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
}

export interface PagefindModule {
  createInstance(options: object): PagefindInstance;
}

/** Language names as Pagefind writes them in an index ("en", "pt-br", "unknown"): nothing else is passed on. */
const languageName = /^[a-z][a-z0-9_-]{0,31}$/i;

let engine: Promise<SearchEngine> | undefined;
/** Engine files that came with the code that runs (the packaged `portal-mcp`), used instead of asking Pagefind. */
let shipped: EngineFiles | undefined;

/**
 * The packaged MCP client (mcp-package-main.ts) has no Pagefind binary: it brings the engine
 * files the build took from the installed Pagefind, inside its own tarball. Still never a site's.
 */
export function useShippedEngine(files: EngineFiles): void {
  shipped = files;
  engine = undefined;
}

/** The installed engine, made once per process (about a fifth of a second) and held in memory. */
export function installedSearchEngine(): Promise<SearchEngine> {
  return (engine ??= makeEngine().catch((error: unknown) => {
    engine = undefined;
    throw error;
  }));
}

// The engine was written for a browser's console: its advice there ("you likely have a cached
// pagefind.js file") would mislead on portal's stderr, and in `portal serve` it would interleave
// with the server's log. Its console is this one: errors are kept for portal's own message.
const consoleKey = Symbol.for('portal.pagefind-console');
const engineErrors: string[] = [];
const engineConsole = {
  log: () => undefined,
  warn: () => undefined,
  error: (...parts: unknown[]) => {
    engineErrors.push(parts.map(String).join(' ').replace(/\s+/g, ' ').trim());
    if (engineErrors.length > 20) engineErrors.shift();
  },
};

async function makeEngine(): Promise<SearchEngine> {
  const byLanguage = new Map<string, Promise<EngineFiles>>();
  const filesFor = (language: string) => {
    if (shipped) return Promise.resolve(shipped);
    let files = byLanguage.get(language);
    if (!files) byLanguage.set(language, (files = engineFilesFor(language)));
    return files;
  };
  const first = await filesFor('en');
  let loaded: Promise<PagefindModule> | undefined;
  (globalThis as Record<symbol, unknown>)[consoleKey] = engineConsole;
  // Imported from a data: URL: the engine is never a file a site or another process could swap.
  const source = `const console = globalThis[Symbol.for('portal.pagefind-console')];\n${Buffer.from(first.script).toString('utf8')}`;
  return {
    version: first.version,
    module: () => (loaded ??= import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`) as Promise<PagefindModule>),
    wasm: async (language) => {
      if (!languageName.test(language)) return undefined;
      const known = first.wasm.get(language);
      if (known) return known;
      return (await filesFor(language)).wasm.get(language);
    },
    takeErrors: () => engineErrors.splice(0),
  };
}
