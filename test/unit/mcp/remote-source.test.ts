import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseSiteUrl, RemoteSource } from '../../../src/mcp/remote-source.ts';
import { PortalError } from '../../../src/errors.ts';

/** A site of in-memory files answering as an HTTP server with ETags would, recording each request. */
function fakeSite(files: Record<string, string>) {
  const requests: { url: string; ifNoneMatch?: string }[] = [];
  let offline = false;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const ifNoneMatch = (init?.headers as Record<string, string> | undefined)?.['If-None-Match'];
    requests.push({ url, ifNoneMatch });
    if (offline) throw new TypeError('fetch failed');
    const body = files[new URL(url).pathname.replace(/^\/base/, '')];
    if (body === undefined) return new Response('not found', { status: 404 });
    const etag = `"${Buffer.from(body).toString('base64url')}"`;
    if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(body, { headers: { ETag: etag } });
  }) as typeof globalThis.fetch;
  return { fetch, requests, files, goOffline: () => (offline = true) };
}

const tempCache = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-remote-source-'));

describe('parseSiteUrl', () => {
  test('takes https, and plain http on loopback only', () => {
    assert.equal(parseSiteUrl('https://developer.pexip.com/').href, 'https://developer.pexip.com/');
    assert.equal(parseSiteUrl('http://127.0.0.1:3000').href, 'http://127.0.0.1:3000/');
    assert.equal(parseSiteUrl('http://localhost:3000/docs/').pathname, '/docs');
    assert.throws(() => parseSiteUrl('http://developer.pexip.com'), (error: PortalError) => /must use https:\/\//.test(error.message) && /--site https:\/\/developer\.pexip\.com/.test(error.message));
    assert.throws(() => parseSiteUrl('developer.pexip.com'), /is not a URL/);
  });
});

describe('RemoteSource', () => {
  test('fetches once per run; the next run revalidates with If-None-Match and reads the 304 from disk', async () => {
    const site = fakeSite({ '/routes.json': '[{"route":"/"}]' });
    const cacheDir = tempCache();
    const first = new RemoteSource(parseSiteUrl('https://docs.example/base'), { cacheDir, fetch: site.fetch });
    assert.equal(Buffer.from((await first.read('/routes.json'))!).toString(), '[{"route":"/"}]');
    await first.read('/routes.json');
    assert.deepEqual(site.requests, [{ url: 'https://docs.example/base/routes.json', ifNoneMatch: undefined }]);
    const second = new RemoteSource(parseSiteUrl('https://docs.example/base'), { cacheDir, fetch: site.fetch });
    assert.equal(Buffer.from((await second.read('/routes.json'))!).toString(), '[{"route":"/"}]');
    assert.equal(site.requests[1].ifNoneMatch, `"${Buffer.from('[{"route":"/"}]').toString('base64url')}"`);
  });

  test('a changed file is fetched again; a removed one is forgotten', async () => {
    const site = fakeSite({ '/a.md': 'one', '/b.md': 'gone soon' });
    const cacheDir = tempCache();
    const url = parseSiteUrl('https://docs.example');
    const first = new RemoteSource(url, { cacheDir, fetch: site.fetch });
    await first.read('/a.md');
    await first.read('/b.md');
    site.files['/a.md'] = 'two';
    delete site.files['/b.md'];
    const second = new RemoteSource(url, { cacheDir, fetch: site.fetch });
    assert.equal(Buffer.from((await second.read('/a.md'))!).toString(), 'two');
    assert.equal(await second.read('/b.md'), undefined);
    assert.equal(fs.existsSync(path.join(second.folder, 'b.md')), false);
  });

  test('offline, a file read before answers from disk; one never read names the URL and the fix', async () => {
    const site = fakeSite({ '/a.md': 'kept' });
    const cacheDir = tempCache();
    const url = parseSiteUrl('https://docs.example');
    await new RemoteSource(url, { cacheDir, fetch: site.fetch }).read('/a.md');
    site.goOffline();
    const offline = new RemoteSource(url, { cacheDir, fetch: site.fetch });
    assert.equal(Buffer.from((await offline.read('/a.md'))!).toString(), 'kept');
    await assert.rejects(offline.read('/never.md'), /could not fetch https:\/\/docs\.example\/never\.md: fetch failed\n  Check the --site address/);
  });

  test('a path out of the site or into a dot-folder is never fetched nor written', async () => {
    const site = fakeSite({});
    const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch });
    for (const bad of ['/../../etc/passwd', '/%2e%2e/x', '/.etags/x.json', '/a/../../b']) assert.equal(await source.read(bad), undefined, bad);
    assert.deepEqual(site.requests, []);
  });

  test('the cache stays within its bound, dropping the least recently used files', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`/f${index}.txt`, 'x'.repeat(100)]));
    const site = fakeSite(files);
    const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch, maxBytes: 500 });
    for (const file of Object.keys(files)) await source.read(file);
    const kept = fs.readdirSync(source.folder).filter((entry) => entry.endsWith('.txt'));
    const bytes = kept.reduce((sum, entry) => sum + fs.statSync(path.join(source.folder, entry)).size, 0);
    assert.ok(bytes <= 500, `${bytes} bytes kept`);
  });
});
