import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { PortalError } from '../../../src/errors.ts';
import { pullSpecs } from '../../../src/openapi/pull.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { fixturesRoot } from '../../helpers/fixtures.ts';

let server: http.Server;
let base: string;
const good = fs.readFileSync(path.join(fixturesRoot, 'openapi/shop.yaml'), 'utf8');

before(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/good.yaml') response.end(good);
    else if (request.url === '/large.yaml') {
      // 4 MiB of YAML comments, sent in pieces with no length declared: only streaming can stop early.
      response.writeHead(200, { 'content-type': 'application/yaml' });
      const piece = '# padding that makes this description far too long\n'.repeat(1024);
      let sent = 0;
      const more = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += piece.length;
          if (!response.write(piece)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('error', () => undefined);
      more();
    } else if (request.url === '/declared.yaml') {
      response.writeHead(200, { 'content-length': String(5 * 1024 * 1024) });
      response.on('error', () => undefined);
      response.write('openapi: 3.1.0\n');
    }
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

/** Runs `pull` with the system's temporary folder set to a fresh one; returns what is left in it. */
async function leftInTemp(pull: () => Promise<unknown>): Promise<string[]> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pull-temp-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = temp;
  try {
    await pull().catch(() => undefined);
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
  return fs.readdirSync(temp);
}

test('a pull leaves no temporary folder, whether the upstream spec is valid or not', async () => {
  for (const name of ['good.yaml', 'invalid.yaml']) {
    const { root, config } = site(`${base}/${name}`);
    assert.deepEqual(await leftInTemp(() => pullSpecs(root, config)), [], name);
  }
});

test('an upstream larger than the limit is refused while it streams, naming the URL and the limit', async () => {
  const limit = 1024 * 1024;
  for (const [name, said] of [['large.yaml', 'sent more than 1 MiB'], ['declared.yaml', `declares ${5 * 1024 * 1024} bytes, more than 1 MiB`]]) {
    const { root, config, snapshot } = site(`${base}/${name}`);
    await assert.rejects(pullSpecs(root, config, 15_000, limit), (error: unknown) => {
      assert.ok(error instanceof PortalError);
      assert.equal(error.problems.length, 1);
      assert.equal(error.problems[0].file, 'specs/api.yaml');
      assert.equal(error.problems[0].message, `${base}/${name} ${said}, the most specs pull reads of a description; the snapshot is unchanged`);
      assert.ok(error.problems[0].hint);
      return true;
    });
    assert.match(snapshot(), /the old snapshot/);
  }
});
