import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkOperationPages, checkOperationPagesInParallel, type OperationPageSetup } from '../helpers/operation-page-checks.ts';

// The GitHub spec test checks its operation pages over worker threads
// (test/helpers/operation-page-checks.ts). Shared out or not, each planted fault is found and
// named by its route, and every sound page still gives its method and path.

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-operation-pages-'));
after(() => fs.rmSync(dist, { recursive: true, force: true }));

const shellScript = '<script type="module" src="/assets/shell.js">';
const page = (body: string) => `<!doctype html><html lang="en"><head><title>An operation</title>${shellScript}</script></head><body>${body}</body></html>`;
const endpoint = (method: string, route: string) => `<p class="api-endpoint">${method}${route}</p>`;

const pages: Record<string, string> = {
  '/docs/api/list-boxes': page(`<h1 id="list-boxes">List boxes</h1>${endpoint('GET', '/boxes')}`),
  '/docs/api/open-box': page(`<h1 id="open-box">Open a box</h1><div id="open-box">twice</div>${endpoint('POST', '/boxes/{id}/open')}`),
  '/docs/api/close-box': page(`<h1 id="close-box">Close a box</h1><p>unclosed <b attr="1" attr="2">bold</b></p>${endpoint('POST', '/boxes/{id}/close')}`),
  '/docs/api/move-box': page(`<h1 id="move-box">Move a box</h1><p>to <shelf name></p>${endpoint('PUT', '/boxes/{id}')}`),
  '/docs/api/weigh-box': page(`<h1 id="weigh-box">Weigh a box</h1><script src="https://elsewhere.example/track.js"></script>${endpoint('GET', '/boxes/{id}/weight')}`),
  '/docs/api/label-box': page('<h1 id="label-box">Label a box</h1><p>no endpoint shown</p>'),
  '/docs/api/count-boxes': page(`<h1 id="count-boxes">Count boxes</h1>${endpoint('HEAD', '/boxes')}`),
};
for (const [route, html] of Object.entries(pages)) {
  fs.mkdirSync(path.join(dist, route.slice(1)), { recursive: true });
  fs.writeFileSync(path.join(dist, route.slice(1), 'index.html'), html);
}
const setup: OperationPageSetup = { dist, shellScripts: [shellScript], rawPlaceholder: '<(shelf)[\\s>/]' };
const routes = Object.keys(pages).map((route, index) => ({ route, index }));

const expectedFailures = [
  '/docs/api/open-box: an id used twice',
  '/docs/api/close-box is not valid HTML',
  '/docs/api/move-box: spec text became markup',
  '/docs/api/weigh-box: a script the shell does not write: <script src="https://elsewhere.example/track.js">',
  '/docs/api/label-box: no method and path',
];

test('each planted fault is named by its route, in this thread and over the workers alike', async () => {
  for (const findings of [checkOperationPages(setup, routes), await checkOperationPagesInParallel(setup, routes)]) {
    assert.deepEqual(findings.failures.map((failure) => failure.split('\n')[0]).sort(), [...expectedFailures].sort());
    assert.deepEqual(findings.endpoints.sort(), ['GET/boxes', 'HEAD/boxes']);
  }
});
