// `portal serve --watch` and an area's sidebars.js: a change rebuilds the navigation as a moved
// page would; code in it is a located error in the overlay while the last good site is served.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { freePort, startServe } from '../helpers/browser.ts';
import { copyFixture } from '../helpers/fixtures.ts';

const nextOf = (html: string) => /class="pagination-link pagination-next" href="([^"]+)"/.exec(html)?.[1];

async function until(what: string, done: () => boolean) {
  // Polls, never sleeps a fixed time to pass; gives up within the test's own timeout, so the
  // finally below still stops the server (a test that times out is not stopped: its loop and the
  // server it started would keep the whole tier waiting).
  const deadline = Date.now() + 45_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(done(), `not seen within 45 s: ${what}`);
}

test('a saved sidebars.js rebuilds the navigation; one with code in it is a located error in the overlay, the last good site still served', { timeout: 120_000 }, async () => {
  const root = copyFixture('basic');
  // The fixture's redirect to the Guides category page: this sidebars.js has no such category.
  const config = path.join(root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/\n\s*\{ from: '\/docs\/category\/\{product\}-guides'[^\n]*/, ''));
  const sidebars = path.join(root, 'sidebars.js');
  fs.writeFileSync(sidebars, "module.exports = {\n  guides: ['introduction', 'guides/first-guide', 'guides/long-guide'],\n};\n");
  const port = await freePort();
  const started = await startServe(root, ['--watch', '--port', String(port)]);
  let channel: http.ClientRequest | undefined;
  try {
    assert.match(started.log(), /watching for changes/);
    const page = (route: string) => fs.readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
    assert.equal(nextOf(page('docs/infinity/guides/first-guide')), '/docs/infinity/guides/long-guide');

    // The live-reload channel, as the overlay reads it.
    let events = '';
    channel = http.get({ host: '127.0.0.1', port, path: '/_portal/live', headers: { Origin: `http://127.0.0.1:${port}` } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk) => (events += chunk));
    });

    const rebuilt = () => started.log().match(/portal: rebuilt in/g)?.length ?? 0;
    const before = rebuilt();
    fs.writeFileSync(sidebars, "module.exports = {\n  guides: ['introduction', 'guides/first-guide', 'guides/second-guide', 'guides/long-guide'],\n};\n");
    await until('rebuilt after the sidebars.js change', () => rebuilt() > before);
    assert.equal(nextOf(page('docs/infinity/guides/first-guide')), '/docs/infinity/guides/second-guide');

    const good = page('docs/infinity/guides/first-guide');
    fs.writeFileSync(sidebars, "module.exports = {\n  guides: ['introduction', require('./more')],\n};\n");
    await until('the failed rebuild reported', () => /rebuild failed/.test(started.log()));
    assert.match(started.log(), /sidebars\.js:2:\d+ {2}error: [^\n]*require/);
    assert.match(events, /event: build-error\ndata: "[^\n]*sidebars\.js:2:\d+ {2}error: /);
    assert.equal(page('docs/infinity/guides/first-guide'), good, 'the last good page stays');
  } finally {
    channel?.destroy();
    started.child.kill();
  }
});
