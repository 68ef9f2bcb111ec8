// Edit-to-reload latency of `portal serve --watch`: a page is open in Chromium, one Markdown file
// is saved, and the clock stops when the page shows the new text. Saves come at a fixed spacing,
// as an author's do, so work a save leaves behind (the deferred twin, the search refresh a second
// later) meets the next save as it would in an editor.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median } from './measure';

export interface WatchLatency {
  edits: number;
  /** From one save to the next (the next waits for the last to show, if that takes longer). */
  spacingMs: number;
  /** From the file write to the new text on screen. */
  medianMs: number;
  p90Ms: number;
  /** What portal itself reports for the page rebuild ("updated … in N ms"). */
  rebuildMedianMs: number;
}

const portal = path.resolve(import.meta.dirname, '..', 'bin', 'portal.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One `portal serve --watch` with the page open in Chromium; `edit` saves the file and times the new text. */
export interface WatchSession {
  /** Appends a marker line to the file and resolves with the milliseconds until the page shows it. */
  edit: (marker: string) => Promise<number>;
  /** What the server printed so far. */
  log: () => string;
  /** Stops the server and the browser and restores the file. */
  close: () => Promise<void>;
}

/** `root` is a site folder whose `docFile` (relative to it) is the page at `route`; `portalBin` the CLI to serve it with. */
export async function openWatchSession(root: string, docFile: string, route: string, portalBin = portal): Promise<WatchSession> {
  const file = path.join(root, docFile);
  const original = fs.readFileSync(file, 'utf8');
  const port = await freePort();
  const server = spawn(process.execPath, [portalBin, 'serve', '--watch', '--port', String(port)], { cwd: root });
  let log = '';
  server.stderr.on('data', (chunk) => (log += chunk));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const close = async () => {
    fs.writeFileSync(file, original);
    await browser.close();
    server.kill();
  };
  try {
    for (let waited = 0; !log.includes('serving'); waited += 100) {
      if (waited > 300_000 || server.exitCode !== null) throw new Error(`portal serve --watch did not start:\n${log.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}${route}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const edit = async (marker: string) => {
      const started = performance.now();
      fs.writeFileSync(file, `${original.trimEnd()}\n\n${marker}\n`);
      await page.waitForFunction((text) => document.querySelector('main')?.textContent?.includes(text), marker, { polling: 'raf', timeout: 30_000 });
      return performance.now() - started;
    };
    return { edit, log: () => log, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What portal printed for each page rebuild ("updated … in N ms"), in order. */
export const rebuildTimes = (log: string): number[] => [...log.matchAll(/updated \S+ in (\d+) ms/g)].map((match) => Number(match[1]));

/** Median and p90 of a list of latencies. */
export function summarize(latencies: number[], rebuilds: number[], spacingMs: number): WatchLatency {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { edits: sorted.length, spacingMs, medianMs: median(sorted), p90Ms: sorted[Math.floor(sorted.length * 0.9)], rebuildMedianMs: rebuilds.length ? median(rebuilds) : NaN };
}

/** `root` is a site folder whose `docFile` (relative to it) is the page at `route`; the file is restored afterwards. */
export async function watchLatency(root: string, docFile: string, route: string, { edits = 10, spacingMs }: { edits?: number; spacingMs: number }, onLog?: (log: string) => void): Promise<WatchLatency> {
  const session = await openWatchSession(root, docFile, route);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < edits; i++) {
      const saved = performance.now();
      latencies.push(await session.edit(`Latency probe ${i} of this run.`));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, saved + spacingMs - performance.now())));
    }
    onLog?.(session.log());
    return summarize(latencies, rebuildTimes(session.log()), spacingMs);
  } finally {
    await session.close();
  }
}

// node --import tsx bench/watch-latency.ts <site folder> <doc file> <route> [<doc file> <route>...] [--edits 10] [--spacing 400,1500]
// Measures pages of an already configured site (such as bench/.corpus/watch, which `npm run bench`
// prepares) without the rest of the benchmark; PORTAL_WATCH_TIMINGS=1 in the environment makes
// the server's log (printed at the end) name the time of each stage of each rebuild.
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const args = process.argv.slice(2);
  const editsAt = args.indexOf('--edits');
  const edits = editsAt >= 0 ? Number(args.splice(editsAt, 2)[1]) : 10;
  const spacingAt = args.indexOf('--spacing');
  const spacings = (spacingAt >= 0 ? args.splice(spacingAt, 2)[1] : '400,1500').split(',').map(Number);
  const [root, ...pages] = args;
  if (!root || pages.length === 0 || pages.length % 2) {
    process.stderr.write('usage: node --import tsx bench/watch-latency.ts <site folder> <doc file> <route> [<doc file> <route>...] [--edits 10] [--spacing 400,1500]\n');
    process.exit(2);
  }
  for (let i = 0; i < pages.length; i += 2) {
    for (const spacingMs of spacings) {
      const figures = await watchLatency(path.resolve(root), pages[i], pages[i + 1], { edits, spacingMs }, (log) => {
        if (process.env.PORTAL_WATCH_TIMINGS === '1') process.stderr.write(log.split('\n').filter((line) => /updated|search index/.test(line)).join('\n') + '\n');
      });
      process.stdout.write(`${pages[i + 1]}, saves ${spacingMs} ms apart: median ${figures.medianMs.toFixed(0)} ms, p90 ${figures.p90Ms.toFixed(0)} ms over ${figures.edits} saves; portal's own rebuild median ${figures.rebuildMedianMs} ms\n`);
    }
  }
}
