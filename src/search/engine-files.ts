import { Worker } from 'node:worker_threads';

// Pagefind's engine as the installed `pagefind` package writes it: what `portal mcp` searches
// with (src/mcp/search-engine.ts), and what the MCP package a build ships carries inside it
// (src/build/mcp-package.ts), so neither ever runs a site's copy.

/** What Pagefind writes for one language: its engine, its WebAssembly, and the version it stamps on an index. */
export interface EngineFiles {
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
export function engineFilesFor(language: string): Promise<EngineFiles> {
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

