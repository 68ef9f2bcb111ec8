import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { createStaticServer } from '../../../src/serve/server.ts';

let server: http.Server;
let port: number;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-serve-'));

before(async () => {
  fs.mkdirSync(path.join(root, 'site/docs/a'), { recursive: true });
  fs.writeFileSync(path.join(root, 'site/index.html'), '<html><body>home</body></html>');
  fs.writeFileSync(path.join(root, 'site/docs/a/index.html'), '<html><body>page a</body></html>');
  fs.writeFileSync(path.join(root, 'site/docs/a.md'), '# Page a\n');
  fs.writeFileSync(path.join(root, 'site/docs/a/index.md'), '# Page a\n');
  fs.writeFileSync(path.join(root, 'site/404.html'), '<html><body>not found page</body></html>');
  fs.mkdirSync(path.join(root, 'site/assets'));
  fs.writeFileSync(path.join(root, 'site/assets/app.abcdef12.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside');
  // A page with the Brotli and gzip siblings the build writes, and files of other kinds.
  const long = `<html><body>${'compressible text '.repeat(200)}</body></html>`;
  fs.mkdirSync(path.join(root, 'site/docs/long'), { recursive: true });
  fs.writeFileSync(path.join(root, 'site/docs/long/index.html'), long);
  fs.writeFileSync(path.join(root, 'site/docs/long/index.html.br'), zlib.brotliCompressSync(long));
  fs.writeFileSync(path.join(root, 'site/docs/long/index.html.gz'), zlib.gzipSync(long));
  for (const name of ['guide.pdf', 'photo.avif', 'clip.mp4', 'font.woff', 'page.md']) fs.writeFileSync(path.join(root, 'site/assets', name), '0123456789');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(root, 'site/link-out.txt'));
  // A page whose "Brotli sibling" is a link to a file outside the output: never sent.
  fs.mkdirSync(path.join(root, 'site/docs/linked'), { recursive: true });
  fs.writeFileSync(path.join(root, 'site/docs/linked/index.html'), '<p>linked page</p>');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(root, 'site/docs/linked/index.html.br'));
  // Dotfiles a build might leave in the output; only /.well-known/ is public.
  fs.writeFileSync(path.join(root, 'site/.env'), 'API_KEY=hidden-env');
  fs.mkdirSync(path.join(root, 'site/.git'));
  fs.writeFileSync(path.join(root, 'site/.git/config'), '[remote] hidden-git');
  fs.writeFileSync(path.join(root, 'site/.git/index.html'), '<p>hidden-git page</p>');
  fs.mkdirSync(path.join(root, 'site/docs/.drafts'));
  fs.writeFileSync(path.join(root, 'site/docs/.drafts/index.html'), '<p>hidden-draft</p>');
  fs.writeFileSync(path.join(root, 'site/assets/.cache.json'), '{"hidden-cache":1}');
  fs.mkdirSync(path.join(root, 'site/.well-known'));
  fs.writeFileSync(path.join(root, 'site/.well-known/security.txt'), 'Contact: mailto:security@example.test\n');
  fs.writeFileSync(path.join(root, 'site/.well-known/.private'), 'hidden-inside-well-known');
  // Larger than what is kept in memory (1 MB): streamed from disk.
  fs.writeFileSync(path.join(root, 'site/assets/video.mp4'), Buffer.alloc(1_500_000, 'v'));
  server = createStaticServer({ root: path.join(root, 'site'), port: 0, host: '127.0.0.1', redirectOf: (p) => (p === '/old' ? '/docs/a' : undefined) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

/** A raw request, so paths reach the server exactly as written. */
function request(pathname: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('portal serve', () => {
  test('serves clean URLs with content types and nosniff', async () => {
    const page = await request('/docs/a');
    assert.equal(page.status, 200);
    assert.equal(page.body, '<html><body>page a</body></html>');
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['cache-control'], 'no-cache');
    const asset = await request('/assets/app.abcdef12.js');
    assert.equal(asset.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.match(String(asset.headers['cache-control']), /immutable/);
    for (const twin of ['/docs/a.md', '/docs/a/index.md']) {
      const markdown = await request(twin);
      assert.equal(markdown.status, 200, twin);
      assert.equal(markdown.body, '# Page a\n');
      assert.equal(markdown.headers['content-type'], 'text/markdown; charset=utf-8', twin);
    }
  });

  test('unknown paths get the 404 page with status 404', async () => {
    const missing = await request('/no/such/page');
    assert.equal(missing.status, 404);
    assert.match(missing.body, /not found page/);
    assert.equal(missing.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(missing.headers.etag, undefined);
    const again = await request('/no/such/page', { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(again.status, 404);
    assert.equal(again.body, missing.body);
  });

  test('redirects answer 301 and .html forms normalise to the clean path', async () => {
    const old = await request('/old?x=1');
    assert.equal(old.status, 301);
    assert.equal(old.headers.location, '/docs/a?x=1');
    for (const form of ['/docs/a.html', '/docs/a/index.html', '/docs/a/']) {
      const response = await request(form);
      assert.equal(response.status, 301, form);
      assert.equal(response.headers.location, '/docs/a', form);
    }
  });

  test('never serves a file outside the output folder', async () => {
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/docs/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%5csecret.txt', '/docs\\..\\..\\secret.txt', '/a%00b', '/link-out.txt', '//etc/passwd']) {
      const response = await request(attempt);
      assert.ok([400, 404].includes(response.status), `${attempt} answered ${response.status}`);
      assert.doesNotMatch(response.body, /outside|root:/, attempt);
    }
  });

  test('leading slashes, typed or encoded as %2F, are one slash: never a redirect to another host', async () => {
    for (const form of ['/%2Fdocs/a/', '//docs/a/', '///docs/a.html', '/%2F%2Fdocs/a/index.html', '/%2fdocs/a/', '/\\docs/a/']) {
      const response = await request(form);
      assert.equal(response.status, 301, form);
      assert.equal(response.headers.location, '/docs/a', form);
    }
    // The path is the page asked for, not the home page of a host named by the path.
    const page = await request('//docs/a');
    assert.equal(page.status, 200);
    assert.equal(page.body, '<html><body>page a</body></html>');
    for (const form of ['//SECRET.txt', '/%2FSECRET.txt', '//evil.test/']) {
      const response = await request(form);
      assert.equal(response.status, 404, form);
      assert.match(response.body, /not found page/, form);
    }
    const old = await request('//old?x=1');
    assert.equal(old.headers.location, '/docs/a?x=1');
  });

  test('no Location header ever starts with two slashes or names a host', async () => {
    const attempts = ['//evil.test/', '/%2Fevil.test/', '/%2F/evil.test/', '/%5Cevil.test/', '/\\evil.test/', '//evil.test/index.html', '/%2Fdocs/a/', '//docs//a//', '/docs//a/'];
    for (const attempt of attempts) {
      const location = (await request(attempt)).headers.location;
      if (location === undefined) continue;
      assert.match(location, /^\/(?![/\\])/, `${attempt} -> ${location}`);
    }
  });

  test('dotfiles and dot-folders are never served (404), except /.well-known/', async () => {
    for (const attempt of ['/.env', '/%2eenv', '/.git/config', '/.git', '/.git/', '/.git/index.html', '/docs/.drafts', '/docs/.drafts/', '/assets/.cache.json', '//.env', '/.well-known/.private', '/.well-known/../.env']) {
      const response = await request(attempt);
      assert.equal(response.status, 404, attempt);
      assert.equal(response.headers.location, undefined, attempt);
      assert.doesNotMatch(response.body, /hidden/, attempt);
      assert.match(response.body, /not found page/, attempt);
    }
    const wellKnown = await request('/.well-known/security.txt');
    assert.equal(wellKnown.status, 200);
    assert.equal(wellKnown.body, 'Contact: mailto:security@example.test\n');
  });

  test('GET and HEAD only; long URLs 414; ETags give 304', async () => {
    assert.equal((await request('/docs/a', { method: 'POST' })).status, 405);
    const head = await request('/docs/a', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal((await request(`/${'a'.repeat(5000)}`)).status, 414);
    const first = await request('/docs/a');
    const again = await request('/docs/a', { headers: { 'If-None-Match': String(first.headers.etag) } });
    assert.equal(again.status, 304);
  });

  test('Range requests get the bytes asked for (206), or 416 past the end', async () => {
    const part = await request('/assets/guide.pdf', { headers: { Range: 'bytes=2-5' } });
    assert.equal(part.status, 206);
    assert.equal(part.body, '2345');
    assert.equal(part.headers['content-range'], 'bytes 2-5/10');
    assert.equal((await request('/assets/guide.pdf', { headers: { Range: 'bytes=20-30' } })).status, 416);
  });

  test('the Brotli or gzip sibling is sent when the browser accepts it, the file itself otherwise', async () => {
    const original = fs.readFileSync(path.join(root, 'site/docs/long/index.html'), 'utf8');
    const brotli = await request('/docs/long', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(String(brotli.headers.vary), /Accept-Encoding/);
    assert.equal(zlib.brotliDecompressSync(brotli.bytes).toString('utf8'), original);
    const gzip = await request('/docs/long', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gzip.bytes).toString('utf8'), original);
    const plain = await request('/docs/long');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, original);
  });

  test('conditional requests are answered from the file time and size, without reading it', async () => {
    const first = await request('/assets/guide.pdf');
    assert.match(String(first.headers.etag), /^W\/"10-\d+"$/);
    assert.ok(first.headers['last-modified']);
    assert.equal((await request('/assets/guide.pdf', { headers: { 'If-None-Match': String(first.headers.etag) } })).status, 304);
  });

  test('a byte range is answered with exactly its bytes: first byte, last bytes, open end, large files', async () => {
    const cases = { 'bytes=0-0': '0', 'bytes=-3': '789', 'bytes=7-': '789', 'bytes=8-100': '89' };
    for (const [range, body] of Object.entries(cases)) {
      const part = await request('/assets/guide.pdf', { headers: { Range: range } });
      assert.equal(part.status, 206, range);
      assert.equal(part.body, body, range);
      assert.equal(part.headers['content-length'], String(body.length), range);
    }
    assert.equal((await request('/assets/guide.pdf', { headers: { Range: 'bytes=-3' } })).headers['content-range'], 'bytes 7-9/10');
    const streamed = await request('/assets/video.mp4', { headers: { Range: 'bytes=1499998-' } });
    assert.equal(streamed.status, 206);
    assert.equal(streamed.body, 'vv');
    assert.equal(streamed.headers['content-range'], 'bytes 1499998-1499999/1500000');
    const whole = await request('/assets/video.mp4');
    assert.equal(whole.bytes.length, 1_500_000);
    assert.equal(whole.headers['accept-ranges'], 'bytes');
  });

  test('several ranges, a malformed one or a changed file (If-Range) get the whole file; 416 says the length', async () => {
    const wholeFile: Record<string, string>[] = [{ Range: 'bytes=0-1,5-6' }, { Range: 'lines=1-2' }, { Range: 'bytes=2-5', 'If-Range': 'Thu, 01 Jan 1970 00:00:00 GMT' }];
    for (const headers of wholeFile) {
      const response = await request('/assets/guide.pdf', { headers });
      assert.equal(response.status, 200, JSON.stringify(headers));
      assert.equal(response.body, '0123456789', JSON.stringify(headers));
    }
    const current = String((await request('/assets/guide.pdf')).headers['last-modified']);
    assert.equal((await request('/assets/guide.pdf', { headers: { Range: 'bytes=2-5', 'If-Range': current } })).status, 206);
    const beyond = await request('/assets/guide.pdf', { headers: { Range: 'bytes=20-30' } });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers['content-range'], 'bytes */10');
  });

  test('RFC 9110 ranges: a suffix longer than the file selects all of it (206); an invalid range-spec is ignored (200)', async () => {
    const suffix = await request('/assets/guide.pdf', { headers: { Range: 'bytes=-999999999' } });
    assert.equal(suffix.status, 206);
    assert.equal(suffix.body, '0123456789');
    assert.equal(suffix.headers['content-range'], 'bytes 0-9/10');
    for (const range of ['bytes=1-0', 'bytes=0-1,5-3', 'bytes=-', 'bytes=a-3']) {
      const ignored = await request('/assets/guide.pdf', { headers: { Range: range } });
      assert.equal(ignored.status, 200, range);
      assert.equal(ignored.body, '0123456789', range);
      assert.equal(ignored.headers['content-range'], undefined, range);
    }
    // Still unsatisfiable: a first byte past the end, or a suffix of no bytes.
    for (const range of ['bytes=10-', 'bytes=-0']) assert.equal((await request('/assets/guide.pdf', { headers: { Range: range } })).status, 416, range);
  });

  test('Accept-Encoding is negotiated with its q-values, and every answer varies on it', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', undefined],
      ['br, gzip;q=0.5', 'br'],
      ['gzip, br', 'br'],
      ['*', 'br'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const response = await request('/docs/long', { headers: accept === undefined ? {} : { 'Accept-Encoding': accept } });
      assert.equal(response.headers['content-encoding'], encoding, String(accept));
      // A page's answer also varies with Accept (HTML or its Markdown twin).
      assert.equal(response.headers.vary, 'Accept, Accept-Encoding', String(accept));
    }
  });

  test('each representation has its own ETag: a list naming it, or an unchanged date, gets 304', async () => {
    const brotli = await request('/docs/long', { headers: { 'Accept-Encoding': 'br' } });
    const plain = await request('/docs/long');
    assert.notEqual(brotli.headers.etag, plain.headers.etag);
    const list = `W/"0-0", ${String(plain.headers.etag)}`;
    assert.equal((await request('/docs/long', { headers: { 'If-None-Match': list } })).status, 304);
    // The plain file's tag does not validate the Brotli bytes the browser would be sent.
    assert.equal((await request('/docs/long', { headers: { 'If-None-Match': String(plain.headers.etag), 'Accept-Encoding': 'br' } })).status, 200);
    assert.equal((await request('/docs/long', { headers: { 'If-Modified-Since': String(plain.headers['last-modified']) } })).status, 304);
    assert.equal((await request('/docs/long', { headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status, 200);
  });

  test('a sibling that links out of the output is never sent', async () => {
    const response = await request('/docs/linked', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.body, '<p>linked page</p>');
  });

  test('every asset kind has its type', async () => {
    const types = { 'guide.pdf': 'application/pdf', 'photo.avif': 'image/avif', 'clip.mp4': 'video/mp4', 'font.woff': 'font/woff', 'page.md': 'text/markdown; charset=utf-8' };
    for (const [name, type] of Object.entries(types)) assert.equal((await request(`/assets/${name}`)).headers['content-type'], type, name);
  });

  test('a build swapped in while the server runs is served at once, with its own length', async () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-swap-'));
    const dist = path.join(site, 'dist');
    fs.mkdirSync(path.join(dist, 'docs/a'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'docs/a/index.html'), '<p>first build</p>');
    const swapped = createStaticServer({ root: dist, port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => swapped.listen(0, '127.0.0.1', resolve));
    const get = () => fetch(`http://127.0.0.1:${(swapped.address() as AddressInfo).port}/docs/a`).then((response) => response.text());
    try {
      assert.equal(await get(), '<p>first build</p>');
      // As the build does: a new folder written beside the old one, then renamed over it.
      const staging = path.join(site, 'dist.staging');
      fs.mkdirSync(path.join(staging, 'docs/a'), { recursive: true });
      fs.writeFileSync(path.join(staging, 'docs/a/index.html'), '<p>the second, longer build</p>');
      fs.renameSync(dist, path.join(site, 'dist.previous'));
      fs.renameSync(staging, dist);
      assert.equal(await get(), '<p>the second, longer build</p>');
    } finally {
      swapped.close();
    }
  });

  test('in watch mode a file rewritten in place is served fresh, whatever its length', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-watch-'));
    const data = path.join(dist, 'page.json');
    fs.writeFileSync(data, '{"v":1}');
    const watched = createStaticServer({ root: dist, port: 0, host: '127.0.0.1', watch: true });
    await new Promise<void>((resolve) => watched.listen(0, '127.0.0.1', resolve));
    const get = () => fetch(`http://127.0.0.1:${(watched.address() as AddressInfo).port}/page.json`).then((response) => response.text());
    try {
      assert.equal(await get(), '{"v":1}');
      // Overwritten (same file), then replaced by a rename with the same length, as watch mode writes pages.
      fs.writeFileSync(data, '{"v":22}');
      assert.equal(await get(), '{"v":22}');
      fs.writeFileSync(`${data}.tmp`, '{"v":33}');
      fs.renameSync(`${data}.tmp`, data);
      assert.equal(await get(), '{"v":33}');
    } finally {
      watched.close();
    }
  });
});

describe('portal serve: Markdown by content negotiation', () => {
  test('a page asked for with Accept: text/markdown is answered with its twin, and pages vary with Accept', async () => {
    const twin = await request('/docs/a', { headers: { accept: 'text/markdown' } });
    assert.equal(twin.status, 200);
    assert.equal(twin.body, '# Page a\n');
    assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(String(twin.headers.vary), /\bAccept\b/);
    // Assistants that rank Markdown first, with HTML as a fallback, get Markdown too.
    assert.equal((await request('/docs/a', { headers: { accept: 'text/markdown, text/html;q=0.9, */*;q=0.8' } })).body, '# Page a\n');
    const html = await request('/docs/a', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(html.body, '<html><body>page a</body></html>');
    assert.match(String(html.headers.vary), /\bAccept\b/, 'the HTML answer says it depends on Accept too');
  });

  test('HTML ranked above Markdown, files, and pages without a twin are served as they are', async () => {
    assert.equal((await request('/docs/a', { headers: { accept: 'text/markdown;q=0.5, text/html' } })).body, '<html><body>page a</body></html>');
    const asset = await request('/assets/app.abcdef12.js', { headers: { accept: 'text/markdown' } });
    assert.equal(asset.body, 'console.log(1)');
    assert.doesNotMatch(String(asset.headers.vary ?? ''), /\bAccept\b(?!-)/);
    // The long page has no twin: its HTML, not a 404.
    const untwinned = await request('/docs/long', { headers: { accept: 'text/markdown' } });
    assert.equal(untwinned.status, 200);
    assert.match(untwinned.headers['content-type'] ?? '', /^text\/html/);
  });

  test('idle connections are kept as long as production hosts keep them', () => {
    assert.ok(server.keepAliveTimeout >= 30_000, `keepAliveTimeout ${server.keepAliveTimeout}`);
  });
});
