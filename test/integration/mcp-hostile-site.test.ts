// `portal mcp` against a site that serves code: its pagefind.js and worker write a marker file
// when run, its WebAssembly is not Pagefind's. The tools must search the site's index with the
// engine installed with portal, and never run (nor fetch) the site's scripts, from the network,
// from the cache on disk, or from a built folder.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { builtFixture, repoRoot } from '../helpers/fixtures.ts';

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

let work: string;
let marker: string;
let hostile: string;
let server: http.Server;
let siteUrl: string;
const requests: { path: string; status: number }[] = [];

/** A script that leaves the marker behind when anything imports or runs it. */
const markingScript = (file: string) => `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(file)}, 'the site\\'s script ran');\nexport const createInstance = () => ({});\n`;

/** A copy of a built site whose every script marks, and whose WebAssembly is not an engine. */
function plantHostileSite(dist: string, target: string) {
  fs.cpSync(dist, target, { recursive: true });
  for (const script of ['pagefind.js', 'pagefind-worker.js', 'pagefind-highlight.js']) fs.writeFileSync(path.join(target, 'pagefind', script), markingScript(marker));
  for (const entry of fs.readdirSync(path.join(target, 'pagefind')).filter((name) => name.endsWith('.pagefind'))) {
    fs.writeFileSync(path.join(target, 'pagefind', entry), 'this is the site\'s own file, not a search engine');
  }
}

/** Serves folders by path prefix ("/old/..." from another folder), with ETags and 304s, recording each request. */
function staticServer(folders: Record<string, string>): http.Server {
  return http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const prefix = Object.keys(folders).sort((a, b) => b.length - a.length).find((candidate) => pathname === candidate || pathname.startsWith(candidate === '/' ? '/' : `${candidate}/`))!;
    const file = path.join(folders[prefix], pathname.slice(prefix === '/' ? 0 : prefix.length));
    const record = (status: number) => requests.push({ path: pathname, status });
    if (pathname.includes('..') || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      record(404);
      response.writeHead(404).end('not found');
      return;
    }
    const body = fs.readFileSync(file);
    const etag = `"${crypto.createHash('sha1').update(body).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) {
      record(304);
      response.writeHead(304, { ETag: etag }).end();
      return;
    }
    record(200);
    response.writeHead(200, { ETag: etag, 'Content-Length': body.length }).end(body);
  });
}

function mcpCommand(args: string[], cacheHome: string) {
  return { command: process.execPath, args: [path.join(repoRoot, 'bin', 'portal-mcp.mjs'), ...args], env: { ...process.env, XDG_CACHE_HOME: cacheHome } as Record<string, string> };
}

async function searchOnce(args: string[], cacheHome: string): Promise<string> {
  const client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...mcpCommand(args, cacheHome), stderr: 'ignore' }));
  try {
    const result = await client.callTool({ name: 'search', arguments: { query: 'diagram', limit: 3 } });
    assert.ok(!result.isError, textOf(result));
    return textOf(result);
  } finally {
    await client.close();
  }
}

/** Requests for anything that could run: a script or WebAssembly. */
const codeRequests = () => requests.filter((request) => /\.(m?js|pagefind)$/.test(request.path));

before(async () => {
  const { root, summary } = await builtFixture('basic');
  assert.ok(summary.ok, JSON.stringify(summary.errors));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-hostile-'));
  marker = path.join(work, 'MARKER');
  hostile = path.join(work, 'site');
  plantHostileSite(path.join(root, 'dist'), hostile);
  // The same site with an index stamped by another Pagefind and unreadable to this one.
  const old = path.join(work, 'old');
  plantHostileSite(path.join(root, 'dist'), old);
  const entryFile = path.join(old, 'pagefind', 'pagefind-entry.json');
  fs.writeFileSync(entryFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(entryFile, 'utf8')), version: '0.12.0' }));
  for (const meta of fs.readdirSync(path.join(old, 'pagefind')).filter((name) => name.endsWith('.pf_meta'))) fs.writeFileSync(path.join(old, 'pagefind', meta), 'an index format of long ago');
  server = staticServer({ '/': hostile, '/old': old });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

after(() => {
  server?.close();
});

describe('portal mcp never runs code a site serves', () => {
  test('--site: start-up and a search use the installed engine; the site\'s scripts and WebAssembly are never fetched nor run', async () => {
    const cacheHome = fs.mkdtempSync(path.join(work, 'cache-'));
    const found = await searchOnce(['--site', siteUrl], cacheHome);
    assert.match(found, /^1\. First guide \[Infinity\]$/m);
    assert.equal(fs.existsSync(marker), false, 'the site\'s pagefind.js ran');
    assert.deepEqual(codeRequests(), []);
    assert.ok(requests.some((request) => request.path.endsWith('.pf_meta')), 'the index itself was read from the site');
  });

  test('--site, a second run from the cache: still nothing run, even a pagefind.js an older portal cached', async () => {
    const cacheHome = fs.mkdtempSync(path.join(work, 'cache-'));
    await searchOnce(['--site', siteUrl], cacheHome);
    const cachedSite = path.join(cacheHome, 'portal-mcp', `127.0.0.1_${new URL(siteUrl).port}`);
    assert.ok(fs.existsSync(path.join(cachedSite, 'routes.json')), 'the first run cached the site');
    fs.mkdirSync(path.join(cachedSite, 'pagefind'), { recursive: true });
    fs.writeFileSync(path.join(cachedSite, 'pagefind', 'pagefind.js'), markingScript(marker));
    const mark = requests.length;
    assert.match(await searchOnce(['--site', siteUrl], cacheHome), /^1\. First guide \[Infinity\]$/m);
    assert.equal(fs.existsSync(marker), false, 'a cached pagefind.js ran');
    assert.ok(requests.slice(mark).some((request) => request.status === 304), 'the second run revalidated its cache');
    assert.deepEqual(codeRequests(), []);
  });

  test('--dir: a built folder\'s pagefind.js is not run either', async () => {
    assert.match(await searchOnce(['--dir', hostile], fs.mkdtempSync(path.join(work, 'cache-'))), /^1\. First guide \[Infinity\]$/m);
    assert.equal(fs.existsSync(marker), false, 'the folder\'s pagefind.js ran');
  });

  test('an index this engine cannot read exits 1 at start-up, naming the URL and both Pagefind versions', async () => {
    const { command, args, env } = mcpCommand(['--site', `${siteUrl}/old`], fs.mkdtempSync(path.join(work, 'cache-')));
    // Asynchronously: the site is served by this process.
    const run = await promisify(execFile)(command, args, { encoding: 'utf8', env }).then(
      ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
      (error: { code?: number; stdout: string; stderr: string }) => ({ status: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stdout, '');
    const installed = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', 'pagefind', 'package.json'), 'utf8')).version as string;
    assert.match(run.stderr, new RegExp(`${siteUrl.replace(/[.]/g, '\\.')}/old/pagefind/pagefind-entry\\.json  error: cannot read this search index: it was written by Pagefind 0\\.12\\.0, and portal searches with its own Pagefind ${installed.replace(/\./g, '\\.')}`));
    assert.match(run.stderr, new RegExp(`\\n  Build the site with a portal whose Pagefind is ${installed.replace(/\./g, '\\.')}`));
    assert.equal(fs.existsSync(marker), false);
  });
});
