import { Worker } from 'node:worker_threads';
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
export interface PagefindInstance extends PagefindSearch {
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
}

export interface PagefindModule {
  createInstance(options: object): PagefindInstance;
}

/** What Pagefind writes for one language: its engine, its WebAssembly, and the version it stamps on an index. */
interface EngineFiles {
  version: string;
  script: Uint8Array;
  wasm: Map<string, Uint8Array>;
}

// Pagefind's Node API runs one service process per module instance, which a build in this process
// (watch mode beside /mcp) starts with its own settings and closes when it is done. The engine is
// asked of a service of its own, on a worker thread: a module instance the build never sees.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pagefind = await import(workerData.pagefind);
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: workerData.language });
    if (!index) throw new Error(errors.join('; '));
    await index.addCustomRecord({ url: '/', content: 'portal', language: workerData.language });
    const { files, errors: fileErrors } = await index.getFiles();
    if (!files.length) throw new Error(fileErrors.join('; '));
    parentPort.postMessage({ files: files.filter((file) => /^(pagefind\\.js|pagefind-entry\\.json|wasm\\.[^/]+\\.pagefind)$/.test(file.path)).map((file) => ({ path: file.path, content: file.content })) });
  } finally {
    await pagefind.close();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

/** Asks the installed Pagefind for its engine files, for a language (its WebAssembly holds that language's stemmer). */
function engineFilesFor(language: string): Promise<EngineFiles> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerCode, { eval: true, workerData: { pagefind: import.meta.resolve('pagefind'), language } });
    worker.once('message', (message: { files?: { path: string; content: Uint8Array }[]; error?: string }) => {
      void worker.terminate();
      if (!message.files) return reject(new Error(`the installed Pagefind could not make its search engine: ${message.error}`));
      const byPath = new Map(message.files.map((file) => [file.path, file.content]));
      const script = byPath.get('pagefind.js');
      const entry = byPath.get('pagefind-entry.json');
      if (!script || !entry) return reject(new Error('the installed Pagefind wrote no pagefind.js'));
      const version = String((JSON.parse(Buffer.from(entry).toString('utf8')) as { version?: unknown }).version);
      const wasm = new Map([...byPath].flatMap(([file, content]) => {
        const name = /^wasm\.(.+)\.pagefind$/.exec(file)?.[1];
        return name ? [[name, content] as const] : [];
      }));
      resolve({ version, script, wasm });
    });
    worker.once('error', reject);
    // After a message this changes nothing; without one, it is the only word the worker gives.
    worker.once('exit', (code) => reject(new Error(`the installed Pagefind stopped (exit code ${code}) before making its search engine`)));
  });
}

/** Language names as Pagefind writes them in an index ("en", "pt-br", "unknown"): nothing else is passed on. */
const languageName = /^[a-z][a-z0-9_-]{0,31}$/i;

let engine: Promise<SearchEngine> | undefined;

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
