import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { BuildSummary } from '../../src/build/build.ts';
import { redirectMatcher } from '../../src/site/redirects.ts';
import { createStaticServer } from '../../src/serve/server.ts';
import { buildSite, builtFixture, copyFixture, repoRoot } from './fixtures.ts';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Serves a project's built site (its dist/) on a free loopback port, as `portal serve` does. */
export function serveSite(root: string, redirects: { from: string; to: string }[] = []): Promise<{ url: string; server: http.Server }> {
  return serveFolder(path.join(root, 'dist'), redirects);
}

/** Serves an output folder (the real site's, from realSite()) on a free loopback port, as `portal serve` does. */
export async function serveFolder(dist: string, redirects: { from: string; to: string }[] = []): Promise<{ url: string; server: http.Server }> {
  const server = createStaticServer({ root: dist, port: 0, host: '127.0.0.1', redirectOf: redirectMatcher(redirects) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A free loopback port, for servers started as separate processes. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface FixtureSite {
  browser: Browser;
  base: string;
  root: string;
}

/**
 * Builds a copy of the basic fixture (after `prepare` edits it), serves it on loopback and
 * launches Chromium for the tests of one file; everything is stopped after them. Without
 * `prepare` the run's shared build of the fixture is served (the tests only read it).
 */
export function useFixtureSite(prepare?: (root: string) => void): FixtureSite {
  const site = { base: '', root: '' } as FixtureSite;
  let server: http.Server | undefined;
  before(async () => {
    let summary: BuildSummary;
    if (prepare) {
      site.root = copyFixture('basic');
      prepare(site.root);
      summary = await buildSite(site.root);
    } else {
      ({ root: site.root, summary } = await builtFixture('basic'));
    }
    assert.equal(summary.ok, true, summary.errors.map((error) => error.message).join('\n'));
    const served = await serveSite(site.root);
    server = served.server;
    site.base = served.url;
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    server?.close();
  });
  return site;
}

/** Starts `portal serve` as its own process in a site folder and waits until it listens. */
export async function startServe(root: string, args: string[]): Promise<{ child: ChildProcess; log: () => string }> {
  let log = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/portal.mjs'), 'serve', ...args], { cwd: root });
  child.stderr?.on('data', (chunk) => (log += chunk));
  for (let i = 0; i < 300 && !log.includes('serving'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return { child, log: () => log };
}

export interface WatchedSite extends FixtureSite {
  server: ChildProcess;
  /** Everything `portal serve --watch` printed so far. */
  log: () => string;
}

/** A copy of the basic fixture under `portal serve --watch`, with Chromium, for one test file. */
export function useWatchedSite(): WatchedSite {
  const site = { base: '', root: '' } as WatchedSite;
  before(async () => {
    site.root = copyFixture('basic');
    const port = await freePort();
    const started = await startServe(site.root, ['--watch', '--port', String(port)]);
    site.server = started.child;
    site.log = started.log;
    site.base = `http://127.0.0.1:${port}`;
    assert.match(site.log(), /serving dist at http:\/\/127\.0\.0\.1:\d+ \(watching for changes\)/);
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    site.server?.kill();
  });
  return site;
}

/**
 * Opens the fixture's "Guides" sidebar category, closed on pages outside it (its items are not
 * even in those pages until the full sidebar loads), and waits until its links can be clicked.
 */
export async function showGuides(page: Page, scope = '.doc-sidebar'): Promise<void> {
  await page.click(`${scope} button.sidebar-collapse[aria-label="Expand Guides"]`);
  await page.waitForSelector(`${scope} a[href="/docs/infinity/guides/first-guide"]`, { state: 'visible' });
}
