// Edit-to-reload latency of `portal serve --watch`: a page is open in Chromium, one Markdown file
// is saved, and the clock stops when the page shows the new text. Median over 20 edits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median } from './measure';

export interface WatchLatency {
  edits: number;
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

/** `root` is a site folder whose `docFile` (relative to it) is the page at `route`; the file is restored afterwards. */
export async function watchLatency(root: string, docFile: string, route: string, edits = 20): Promise<WatchLatency> {
  const file = path.join(root, docFile);
  const original = fs.readFileSync(file, 'utf8');
  const port = await freePort();
  const server = spawn(process.execPath, [portal, 'serve', '--watch', '--port', String(port)], { cwd: root });
  let log = '';
  server.stderr.on('data', (chunk) => (log += chunk));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    for (let waited = 0; !log.includes('serving'); waited += 100) {
      if (waited > 300_000 || server.exitCode !== null) throw new Error(`portal serve --watch did not start:\n${log.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}${route}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const latencies: number[] = [];
    for (let i = 0; i < edits; i++) {
      const marker = `Latency probe ${i} of this run.`;
      const started = performance.now();
      fs.writeFileSync(file, `${original.trimEnd()}\n\n${marker}\n`);
      await page.waitForFunction((text) => document.querySelector('main')?.textContent?.includes(text), marker, { polling: 'raf', timeout: 30_000 });
      latencies.push(performance.now() - started);
      // Let the background search refresh and the watcher's recheck settle before the next save.
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    const rebuilds = [...log.matchAll(/updated \S+ in (\d+) ms/g)].map((match) => Number(match[1]));
    latencies.sort((a, b) => a - b);
    return { edits, medianMs: median(latencies), p90Ms: latencies[Math.floor(latencies.length * 0.9)], rebuildMedianMs: rebuilds.length ? median(rebuilds) : NaN };
  } finally {
    fs.writeFileSync(file, original);
    await browser.close();
    server.kill();
  }
}
