import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseSiteUrl, RemoteSource, userCacheDir } from '../../../src/mcp/remote-source.ts';
import { siteFileLimit } from '../../../src/mcp/site-file-limits.ts';
import { PortalError } from '../../../src/errors.ts';

/** A site of in-memory files answering as an HTTP server with ETags would, recording each request; `answers` overrides a path's response. */
function fakeSite(files: Record<string, string>, answers: Record<string, () => Response> = {}) {
  const requests: { url: string; ifNoneMatch?: string }[] = [];
  let offline = false;
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const ifNoneMatch = (init?.headers as Record<string, string> | undefined)?.['If-None-Match'];
    requests.push({ url, ifNoneMatch });
    if (offline) throw new TypeError('fetch failed');
    // A client that let fetch follow redirects would never see one: these answers test that it does not.
    if (init?.redirect !== 'manual' && Object.keys(answers).length) throw new Error('redirects must be followed by hand');
    const answer = answers[new URL(url).href];
    if (answer) return answer();
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

/** A body of `total` bytes in 64 KiB chunks, counting how many bytes were pulled from it. */
function countedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(120);
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      counter.cancelled = true;
    },
  }, { highWaterMark: 0 }); // pulled only when read
  return { stream, counter };
}

const redirect = (location: string, status = 302) => () => new Response(null, { status, headers: { Location: location } });

describe('RemoteSource: redirects stay on the site', () => {
  test('a redirect within the origin is followed, and the file cached under the path asked for', async () => {
    const site = fakeSite({ '/new/a.md': 'moved here' }, { 'https://docs.example/a.md': redirect('/new/a.md', 301) });
    const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch });
    assert.equal(Buffer.from((await source.read('/a.md'))!).toString(), 'moved here');
    assert.equal(fs.readFileSync(path.join(source.folder, 'a.md'), 'utf8'), 'moved here');
  });

  test('a redirect to another host, or from https to http, is an error naming both URLs, and nothing is cached', async () => {
    for (const target of ['https://intranet.example/secret', 'http://docs.example/a.md', 'https://docs.example:8443/a.md']) {
      const site = fakeSite({}, { 'https://docs.example/a.md': redirect(target), [target]: () => new Response('an internal answer') });
      const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch });
      await assert.rejects(source.read('/a.md'), (error: PortalError) => {
        assert.ok(error.message.includes(`https://docs.example/a.md redirects to ${target}, outside https://docs.example`), error.message);
        return true;
      });
      assert.deepEqual(site.requests.map((request) => request.url), ['https://docs.example/a.md'], `${target} is never asked`);
      assert.equal(fs.existsSync(path.join(source.folder, 'a.md')), false, `nothing of ${target} is cached`);
    }
  });

  test('a redirect loop ends in an error', async () => {
    const site = fakeSite({}, { 'https://docs.example/a.md': redirect('/b.md'), 'https://docs.example/b.md': redirect('/a.md') });
    const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch });
    await assert.rejects(source.read('/a.md'), /https:\/\/docs\.example\/a\.md redirects more than 5 times/);
  });
});

describe('RemoteSource: each body streamed within the limit of its kind', () => {
  test('a body past its limit is given up as it streams, naming the URL, the kind and the limit', async () => {
    const limit = siteFileLimit('/page.md');
    const { stream, counter } = countedBody(limit.bytes + 1024 * 1024);
    const site = fakeSite({}, { 'https://docs.example/page.md': () => new Response(stream) });
    const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch });
    await assert.rejects(source.read('/page.md'), (error: PortalError) => {
      assert.match(error.message, /^error: https:\/\/docs\.example\/page\.md is larger than 8 MiB, the most portal mcp takes of a Markdown page\n/);
      return true;
    });
    assert.ok(counter.cancelled, 'the stream was cancelled');
    assert.ok(counter.pulled <= limit.bytes + 128 * 1024, `${counter.pulled} bytes read of a body over ${limit.bytes}`);
    assert.equal(fs.existsSync(path.join(source.folder, 'page.md')), false);
  });

  test('a declared length past the limit is refused before its body is read; each kind has its own limit', async () => {
    assert.ok(siteFileLimit('/pagefind/index/en_1.pf_index').bytes < siteFileLimit('/mcp/operations.json').bytes);
    const { stream, counter } = countedBody(1024);
    const site = fakeSite({}, { 'https://docs.example/robots.txt': () => new Response(stream, { headers: { 'Content-Length': String(4 * 1024 * 1024 * 1024) } }) });
    const source = new RemoteSource(parseSiteUrl('https://docs.example'), { cacheDir: tempCache(), fetch: site.fetch });
    await assert.rejects(source.read('/robots.txt'), /^PortalError: error: https:\/\/docs\.example\/robots\.txt declares 4294967296 bytes, more than 1 MiB, the most portal mcp takes of a file/);
    assert.equal(counter.pulled, 0);
  });
});

describe('RemoteSource: the cache on disk', () => {
  const url = parseSiteUrl('https://docs.example');

  test('a damaged ETag file is a miss: the file is fetched whole, not a crash', async () => {
    const site = fakeSite({ '/a.md': 'text' });
    const cacheDir = tempCache();
    const first = new RemoteSource(url, { cacheDir, fetch: site.fetch });
    await first.read('/a.md');
    const metaFolder = path.join(first.folder, '.etags');
    for (const damage of ['{"etag": "x', '', 'null', '{"etag": 7}']) {
      for (const meta of fs.readdirSync(metaFolder)) fs.writeFileSync(path.join(metaFolder, meta), damage);
      const mark = site.requests.length;
      assert.equal(Buffer.from((await new RemoteSource(url, { cacheDir, fetch: site.fetch }).read('/a.md'))!).toString(), 'text', damage);
      assert.equal(site.requests[mark].ifNoneMatch, undefined, `${JSON.stringify(damage)}: asked without a validator`);
    }
  });

  test('a cached body that no longer matches its ETag file (cut short, or a folder) is a miss', async () => {
    const site = fakeSite({ '/a.md': 'the whole text' });
    const cacheDir = tempCache();
    const first = new RemoteSource(url, { cacheDir, fetch: site.fetch });
    await first.read('/a.md');
    fs.writeFileSync(path.join(first.folder, 'a.md'), 'the whole');
    assert.equal(Buffer.from((await new RemoteSource(url, { cacheDir, fetch: site.fetch }).read('/a.md'))!).toString(), 'the whole text');
    assert.equal(site.requests.at(-1)!.ifNoneMatch, undefined);
    fs.rmSync(path.join(first.folder, 'a.md'));
    fs.mkdirSync(path.join(first.folder, 'a.md'));
    site.goOffline();
    await assert.rejects(new RemoteSource(url, { cacheDir, fetch: site.fetch }).read('/a.md'), /could not fetch https:\/\/docs\.example\/a\.md/);
  });

  test('cache files are replaced by rename, never rewritten in place', async () => {
    const site = fakeSite({ '/a.md': 'one' });
    const cacheDir = tempCache();
    const first = new RemoteSource(url, { cacheDir, fetch: site.fetch });
    await first.read('/a.md');
    const metaFolder = path.join(first.folder, '.etags');
    const [meta] = fs.readdirSync(metaFolder);
    // A link to the old files keeps their old bytes only if the new ones were written beside them and renamed.
    const linkedMeta = path.join(cacheDir, 'meta-link');
    const linkedBody = path.join(cacheDir, 'body-link');
    fs.linkSync(path.join(metaFolder, meta), linkedMeta);
    fs.linkSync(path.join(first.folder, 'a.md'), linkedBody);
    const before = fs.readFileSync(linkedMeta, 'utf8');
    site.files['/a.md'] = 'two';
    await new RemoteSource(url, { cacheDir, fetch: site.fetch }).read('/a.md');
    assert.notEqual(fs.readFileSync(path.join(metaFolder, meta), 'utf8'), before, 'the ETag file was replaced');
    assert.equal(fs.readFileSync(linkedMeta, 'utf8'), before, 'the ETag file was not written in place');
    assert.equal(fs.readFileSync(linkedBody, 'utf8'), 'one', 'the body was not written in place');
    assert.deepEqual(fs.readdirSync(metaFolder), [meta], 'no temporary file left');
  });

  test('a relative XDG_CACHE_HOME is ignored, as the XDG spec says; an absolute one is used', () => {
    const saved = process.env.XDG_CACHE_HOME;
    try {
      process.env.XDG_CACHE_HOME = 'relative/cache';
      assert.ok(path.isAbsolute(userCacheDir()), userCacheDir());
      assert.ok(!userCacheDir().includes('relative'), userCacheDir());
      process.env.XDG_CACHE_HOME = path.join(os.tmpdir(), 'xdg');
      assert.equal(userCacheDir(), path.join(os.tmpdir(), 'xdg'));
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });
});
