import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { redirectMatcher } from '../../src/site/redirects.ts';
import { createStaticServer } from '../../src/serve/server.ts';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Serves a built site folder on a free loopback port, as `portal serve` does. */
export async function serveSite(root: string, redirects: { from: string; to: string }[] = []): Promise<{ url: string; server: http.Server }> {
  const server = createStaticServer({ root: path.join(root, 'dist'), port: 0, host: '127.0.0.1', redirectOf: redirectMatcher(redirects) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
