// What a built site costs at serving and search time: a bounded loopback load test of
// `portal serve`'s server, and the bytes and latency of searching in Chromium.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createStaticServer } from '../src/serve/server';

export interface LoadFigures {
  requests: number;
  concurrency: number;
  errors: number;
  requestsPerS: number;
  p99Ms: number;
}

/** What a first query's bytes went to (gzip, as `gzipBytes`). */
export interface SearchParts {
  /** The dialog's chunk, Pagefind's script, WebAssembly and index metadata (and worker, if any). */
  engine: number;
  /** The typo vocabulary (shards or whole). */
  vocabulary: number;
  /** Word-index (and filter) chunks. */
  index: number;
  /** Page summaries: the manifest and the shards of the hits listed while typing (absent in results from before them). */
  summaries?: number;
  /** Result fragments: one per page whose details were loaded. */
  fragments: number;
  fragmentFiles: number;
}

export interface SearchFigures {
  indexFiles: number;
  indexBytes: number;
  /** Bytes a first query moves, as a host would send them (text compressed with gzip). */
  queries: { query: string; bytes: number; gzipBytes: number; parts?: SearchParts }[];
  /** Median time from a keystroke after a pause to the results of the new query on screen, once loaded. */
  keystrokeMedianMs: number;
  /**
   * The same for a keystroke that follows another within 60 ms (absent in results measured
   * before it was): the pages found are listed at once, their excerpts follow the pause.
   */
  typingMedianMs?: number;
}

async function serve(dist: string): Promise<{ server: http.Server; base: string }> {
  const server = createStaticServer({ root: dist, port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What the load tests ask for, in turn: the home page, two doc pages, a 404 and a JSON file. */
export const servedPaths = ['/', '/docs/infinity/introduction', '/docs/vpaas/introduction', '/no/such/page', '/routes.json'];

/** 10,000 GETs over 100 keep-alive connections to a built site served in this process. */
export async function loadTest(dist: string, requests = 10_000, concurrency = 100, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const { server, base } = await serve(dist);
  try {
    return await runLoad(base, servedPaths, requests, concurrency, headers);
  } finally {
    server.close();
  }
}

/**
 * A bounded load against a server on loopback: a fixed count of GETs over keep-alive
 * connections, cycling through `paths`; it stops by itself. 200, 301 and 404 count as answers.
 */
export async function runLoad(base: string, paths: string[], requests = 10_000, concurrency = 100, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const index = next++;
      const begin = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        const request = http.get({ host: url.hostname, port: url.port, path: paths[index % paths.length], agent, headers }, (response) => {
          response.resume();
          response.on('end', () => resolve([200, 301, 404].includes(response.statusCode ?? 0)));
        });
        request.setTimeout(10_000, () => request.destroy());
        request.on('error', () => resolve(false));
      });
      latencies.push(performance.now() - begin);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests, concurrency, errors, requestsPerS: Math.round(requests / seconds), p99Ms: latencies[Math.floor(latencies.length * 0.99)] };
}

/** Index size, bytes per first query, and keystroke-to-results latency in Debian's Chromium. */
export async function searchCosts(dist: string, queries: string[]): Promise<SearchFigures> {
  const indexDir = path.join(dist, 'pagefind');
  const indexFiles = fs.readdirSync(indexDir, { recursive: true }).map(String).filter((file) => fs.statSync(path.join(indexDir, file)).isFile());
  const indexBytes = indexFiles.reduce((sum, file) => sum + fs.statSync(path.join(indexDir, file)).size, 0);
  const { server, base } = await serve(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: SearchFigures['queries'] = [];
  const latencies: number[] = [];
  const typing: number[] = [];
  try {
    for (const query of queries) {
      const page = await browser.newPage();
      await page.goto(`${base}/docs/infinity/introduction`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const transferred: { url: string; bytes: Buffer }[] = [];
      page.on('response', async (response) => {
        const url = new URL(response.url()).pathname;
        if (url.startsWith('/pagefind/') || url.includes('/chunks/SearchDialog')) transferred.push({ url, bytes: await response.body().catch(() => Buffer.alloc(0)) });
      });
      await page.keyboard.press('Control+k');
      await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
      await page.keyboard.type(query, { delay: 60 });
      await page.waitForSelector('.search-option, .search-message', { timeout: 15_000 });
      await page.waitForTimeout(500);
      const bytes = transferred.reduce((sum, file) => sum + file.bytes.length, 0);
      // Pagefind's index files are compressed already; JS and JSON a host would gzip.
      const sent = (file: { url: string; bytes: Buffer }) => (/\.(js|json)$/.test(file.url) ? zlib.gzipSync(file.bytes).length : file.bytes.length);
      const gzipBytes = transferred.reduce((sum, file) => sum + sent(file), 0);
      const sum = (test: RegExp) => transferred.filter((file) => test.test(file.url)).reduce((total, file) => total + sent(file), 0);
      const parts: SearchParts = {
        engine: sum(/SearchDialog|\/pagefind\/(shards\.json|(shard\d+\/)?(pagefind[^/]*\.js|wasm\.|pagefind-entry\.json|pagefind\.[^/]*\.pf_meta))/),
        vocabulary: sum(/\/pagefind\/vocabulary/),
        index: sum(/\/pagefind\/(shard\d+\/)?(index|filter)\//),
        summaries: sum(/\/pagefind\/summaries/),
        fragments: sum(/\/pagefind\/(shard\d+\/)?fragment\//),
        fragmentFiles: transferred.filter((file) => /\/pagefind\/(shard\d+\/)?fragment\//.test(file.url)).length,
      };
      results.push({ query, bytes, gzipBytes, parts });
      // Warm: from a key press to the results of the new query on screen (the list names the
      // query it answers), whether or not they differ. While typing: " do", timed from the "o"
      // (a word's first letter is searched once typing pauses). After a pause: "c", then
      // Backspace.
      const keys: [string, number[] | undefined][] = [[' d', undefined], ['o', typing], ['c', latencies], ['Backspace', latencies]];
      for (const [key, samples] of keys) {
        if (samples === latencies) await page.waitForTimeout(400);
        if (key === 'Backspace') await page.keyboard.press(key);
        else await page.keyboard.type(key, { delay: 60 });
        if (!samples) continue;
        const start = Date.now();
        await page
          .waitForFunction(() => {
            const input = document.querySelector<HTMLInputElement>('[role="dialog"] input');
            return !!input && document.getElementById('search-results')?.dataset.query === input.value;
          }, undefined, { timeout: 2000, polling: 5 })
          .then(() => samples.push(Date.now() - start))
          .catch(() => undefined);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  return { indexFiles: indexFiles.length, indexBytes, queries: results, keystrokeMedianMs: median(latencies), typingMedianMs: median(typing) };
}

// CLI, for one built site without the whole benchmark:
//   node --import tsx bench/site-costs.ts <dist> ["query" ...]
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [dist, ...queries] = process.argv.slice(2);
  if (!dist) {
    process.stderr.write('usage: node --import tsx bench/site-costs.ts <dist> ["query" ...]\n');
    process.exit(2);
  }
  const figures = await searchCosts(path.resolve(dist), queries.length ? queries : ['access token', 'join a conference', 'configuration']);
  process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
}
