import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { PortalError } from '../../../src/errors.ts';
import { pullSpecs } from '../../../src/reference/openapi/pull.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { fixturesRoot } from '../../helpers/fixtures.ts';

let server: http.Server;
let base: string;
const good = fs.readFileSync(path.join(fixturesRoot, 'openapi/shop.yaml'), 'utf8');

before(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/good.yaml') response.end(good);
    else if (request.url === '/invalid.yaml') response.end(fs.readFileSync(path.join(fixturesRoot, 'openapi/invalid.yaml')));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

function site(upstream: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pull-'));
  fs.mkdirSync(path.join(root, 'specs'));
  fs.writeFileSync(path.join(root, 'specs/api.yaml'), 'openapi: 3.1.0\n# the old snapshot\n');
  const config = validateConfig({
    ...fixtureConfig,
    openapi: [{ spec: 'specs/api.yaml', upstream, area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' } }],
  });
  return { root, config, snapshot: () => fs.readFileSync(path.join(root, 'specs/api.yaml'), 'utf8') };
}

test('a valid upstream spec replaces the snapshot', async () => {
  const { root, config, snapshot } = site(`${base}/good.yaml`);
  assert.deepEqual(await pullSpecs(root, config), [{ spec: 'specs/api.yaml', status: 'updated' }]);
  assert.equal(snapshot(), good);
  assert.deepEqual(await pullSpecs(root, config), [{ spec: 'specs/api.yaml', status: 'unchanged' }]);
});

test('an invalid upstream spec fails and leaves the snapshot alone', async () => {
  const { root, config, snapshot } = site(`${base}/invalid.yaml`);
  await assert.rejects(pullSpecs(root, config), (error: unknown) => error instanceof PortalError && /left unchanged/.test(error.message));
  assert.match(snapshot(), /the old snapshot/);
});

test('offline (nothing listening) fails clearly and leaves the snapshot alone', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  closed.close();
  const { root, config, snapshot } = site(`http://127.0.0.1:${port}/spec.yaml`);
  await assert.rejects(pullSpecs(root, config, 2000), (error: unknown) => {
    assert.ok(error instanceof PortalError);
    assert.match(error.message, /could not fetch http:\/\/127\.0\.0\.1:\d+\/spec\.yaml \(ECONNREFUSED\); the snapshot is unchanged/);
    return true;
  });
  assert.match(snapshot(), /the old snapshot/);
});
