// `portal mcp` driven by a real MCP client (the SDK's Client over stdio) against a built fixture.
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { builtFixture, read, repoRoot } from '../helpers/fixtures.ts';
import { maxMessageBytes } from '../../src/mcp/stdio-transport.ts';
import { maxPageLength, maxQueryLength } from '../../src/mcp/server.ts';
import { readSampleChecks, sampleCheckFor } from '../../src/markdown/sample-checks.ts';
import { realSite } from '../helpers/real-site.ts';

let root: string;
let client: Client;

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

before(async () => {
  const built = await builtFixture('basic');
  root = built.root;
  const summary = built.summary;
  assert.ok(summary.ok, JSON.stringify(summary.errors));
  client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'bin', 'portal.mjs'), 'mcp', '--dir', path.join(root, 'dist')], stderr: 'ignore' }));
});

after(async () => {
  await client?.close();
});

describe('portal mcp', () => {
  test('without a built site it exits 1 naming the folder and the fix', () => {
    const missing = path.join(root, 'no-such-dist');
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'portal.mjs'), 'mcp', '--dir', missing], { encoding: 'utf8' });
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, new RegExp(`${missing.replace(/[/\\.]/g, '\\$&')}  error: no built site with a search index here\n  Run "portal build" first`));
  });

  test('lists its tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['get_operation', 'get_sample', 'lookup_symbol', 'read_page', 'search']);
    const search = tools.find((tool) => tool.name === 'search')!;
    assert.deepEqual(search.inputSchema.required, ['query']);
    // The areas come from the built index, named as the site's config names them.
    assert.deepEqual((search.inputSchema.properties as Record<string, { enum?: string[] }>).area.enum, ['Cloud One-Touch Join', 'Infinity', 'VPaaS']);
  });

  test('search answers from the built Pagefind index, with routes, URLs and excerpts', async () => {
    const result = await client.callTool({ name: 'search', arguments: { query: 'diagram', limit: 3 } });
    const text = textOf(result);
    assert.ok(!result.isError, text);
    assert.match(text, /^1\. First guide \[Infinity\]\n   route: \/docs\/infinity\/guides\/first-guide\n   url: https:\/\/example\.test\/docs\/infinity\/guides\/first-guide/m);
    assert.match(text, /excerpt: .*\*\*diagram/i);
  });

  test('search filters by area and says when nothing is found', async () => {
    const filtered = textOf(await client.callTool({ name: 'search', arguments: { query: 'introduction', area: 'VPaaS' } }));
    assert.match(filtered, /VPaaS introduction/);
    assert.doesNotMatch(filtered, /Infinity introduction/);
    assert.match(textOf(await client.callTool({ name: 'search', arguments: { query: 'zzyzxqq' } })), /No pages found for "zzyzxqq"/);
  });

  test('search names a query word no page mentions first, and lists the pages of the other words', async () => {
    // Pagefind alone leaves "flutterzz" out and answers with the pages of "diagram".
    const text = textOf(await client.callTool({ name: 'search', arguments: { query: 'diagram flutterzz' } }));
    assert.match(text, /^No page mentions "flutterzz"\. Showing pages that match "diagram"\.\n/);
    assert.match(text, /^1\. First guide \[Infinity\]$/m);
    const inArea = textOf(await client.callTool({ name: 'search', arguments: { query: 'introduction flutterzz', area: 'VPaaS' } }));
    assert.match(inArea, /^No page in VPaaS mentions "flutterzz"\. Showing pages that match "introduction"\.\n/);
    assert.match(inArea, /VPaaS introduction/);
  });

  test('read_page tells an agent what each sample was checked with, in the words its page uses', async () => {
    // The real portal: its Android pages have Kotlin samples compiled against the SDK.
    const real = new Client({ name: 'portal-test', version: '1.0.0' });
    await real.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'bin', 'portal.mjs'), 'mcp', '--dir', await realSite()], stderr: 'ignore' }));
    try {
      const text = textOf(await real.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/mobile/android/receive-presentation' } }));
      const label = sampleCheckFor(readSampleChecks(repoRoot), 'kotlin', path.join(repoRoot, 'content', 'docs', 'infinity', 'mobile', 'android', 'receive-presentation.md'))?.checkedWith;
      assert.ok(label, 'content/sample-checks.json labels the Android pages\' Kotlin');
      assert.match(text, /```kotlin[^\n]*\n/);
      assert.ok(text.includes(`\n\`\`\`\n✓ Checked with ${label}\n`), `no check line after a Kotlin sample:\n${text.slice(0, 2000)}`);
    } finally {
      await real.close();
    }
  });

  test('read_page returns the Markdown twin for a route or a URL, and names the closest route when there is none', async () => {
    const twin = read(root, 'dist/docs/infinity/guides/first-guide.md');
    assert.equal(textOf(await client.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/guides/first-guide' } })), twin);
    assert.equal(textOf(await client.callTool({ name: 'read_page', arguments: { page: 'https://example.test/docs/infinity/guides/first-guide/#set-up' } })), twin);
    const missing = await client.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/guides/frist-guide' } });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /no page at "\/docs\/infinity\/guides\/frist-guide"\. Did you mean "\/docs\/infinity\/guides\/first-guide"\?/);
  });
});

interface Reply {
  jsonrpc: string;
  id: string | number | null;
  result?: { content?: { type: string; text: string }[]; isError?: boolean; tools?: unknown[] };
  error?: { code: number; message: string };
}

/** `portal mcp` driven by raw lines on its stdin, as a faulty or hostile client would write them. */
class RawMcp {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly replies: Reply[] = [];
  private readonly waiting: (() => void)[] = [];
  private pending = '';

  constructor(dist: string) {
    this.child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'portal.mjs'), 'mcp', '--dir', dist]);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.pending += chunk;
      let end: number;
      while ((end = this.pending.indexOf('\n')) !== -1) {
        this.replies.push(JSON.parse(this.pending.slice(0, end)) as Reply);
        this.pending = this.pending.slice(end + 1);
      }
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  write(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  request(id: number, method: string, params?: object): void {
    this.write(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }));
  }

  /** The first reply not yet taken that matches; fails after a generous wait instead of hanging. */
  async reply(matches: (reply: Reply) => boolean, what: string, timeoutMs = 10_000): Promise<Reply> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.replies.findIndex(matches);
      if (index !== -1) return this.replies.splice(index, 1)[0];
      if (this.child.exitCode !== null) assert.fail(`portal mcp exited (${this.child.exitCode}) before answering ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) assert.fail(`no answer to ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  byId(id: number, what: string): Promise<Reply> {
    return this.reply((reply) => reply.id === id, what);
  }

  /** The next reply with id null: the answer to a line that had no usable id. */
  anonymous(what: string): Promise<Reply> {
    return this.reply((reply) => reply.id === null, what);
  }
}

describe('portal mcp with malformed and oversized input', () => {
  let raw: RawMcp;
  let nextId = 100;
  /** The server still answers a plain request (the connection and the event loop survived). */
  const stillAnswers = async () => {
    const id = nextId++;
    raw.request(id, 'ping');
    assert.deepEqual((await raw.byId(id, 'ping')).result, {});
  };
  const callTool = (name: string, args: object) => {
    const id = nextId++;
    raw.request(id, 'tools/call', { name, arguments: args });
    return raw.byId(id, `tools/call ${name}`);
  };

  before(async () => {
    raw = new RawMcp(path.join(root, 'dist'));
    raw.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } });
    assert.ok((await raw.byId(1, 'initialize')).result);
    raw.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  });
  after(() => {
    raw?.child.kill();
  });

  test('a line that is not JSON gets a parse error (-32700) with id null', async () => {
    raw.write('{"jsonrpc": "2.0", "id": 5, "method": ');
    const reply = await raw.anonymous('invalid JSON');
    assert.equal(reply.jsonrpc, '2.0');
    assert.equal(reply.error?.code, -32700);
    assert.match(reply.error!.message, /not JSON/);
    await stillAnswers();
  });

  test('"params": null gets an invalid-request error (-32600) carrying the request id', async () => {
    raw.write('{"jsonrpc":"2.0","id":7,"method":"tools/list","params":null}');
    const reply = await raw.byId(7, 'params null');
    assert.equal(reply.error?.code, -32600);
    assert.match(reply.error!.message, /"params" must be an object/);
    await stillAnswers();
  });

  test('JSON that is not a request object gets -32600 with id null', async () => {
    for (const line of ['42', '"tools/list"', 'null', '[{"jsonrpc":"2.0","id":8,"method":"ping"}]', '{"id":9,"method":"ping"}']) {
      raw.write(line);
      const reply = await raw.reply((candidate) => candidate.id === null || candidate.id === 9, line);
      assert.equal(reply.error?.code, -32600, line);
    }
    await stillAnswers();
  });

  test(`a 1 MB search query is refused by the tool's schema (at most ${maxQueryLength} characters), at once`, async () => {
    const reply = await callTool('search', { query: 'conference '.repeat(90_000) });
    assert.equal(reply.result?.isError, true);
    assert.match(reply.result!.content![0].text, new RegExp(`Input validation error.*<=${maxQueryLength} characters`));
    await stillAnswers();
  });

  test(`a 100,000-character read_page is refused by the tool's schema (at most ${maxPageLength} characters), at once`, async () => {
    const reply = await callTool('read_page', { page: `/docs/${'a'.repeat(100_000)}` });
    assert.equal(reply.result?.isError, true);
    assert.match(reply.result!.content![0].text, new RegExp(`Input validation error.*<=${maxPageLength} characters`));
    // The longest page accepted still gets its "no page" answer.
    const longest = await callTool('read_page', { page: `/docs/${'a'.repeat(maxPageLength - 6)}` });
    assert.equal(longest.result?.isError, true);
    assert.match(longest.result!.content![0].text, /^no page at "\/docs\/a+"\. Use the search tool/);
    await stillAnswers();
  });

  test('a 12 MB line gets an error reply and the next request on the connection is answered', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'search', arguments: { query: 'x'.repeat(12 * 1024 * 1024) } } });
    assert.ok(huge.length > maxMessageBytes);
    raw.write(huge);
    raw.request(12, 'tools/list');
    const refused = await raw.anonymous('a 12 MB line');
    assert.equal(refused.error?.code, -32600);
    assert.match(refused.error!.message, new RegExp(`longer than ${maxMessageBytes} bytes`));
    const listed = await raw.byId(12, 'tools/list after the 12 MB line');
    assert.equal(listed.result?.tools?.length, 5);
    assert.equal(raw.child.exitCode, null);
  });
});

describe('portal mcp run as a pipe', () => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } };
  const calls = [
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: { query: 'diagram', limit: 3 } } },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search', arguments: { query: 'introduction' } } },
    { jsonrpc: '2.0', id: 4, method: 'tools/list' },
  ];
  const linesOf = (messages: object[]) => messages.map((message) => `${JSON.stringify(message)}\n`).join('');
  const repliesOf = (stdout: string) => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Reply);
  const assertAllAnswered = (stdout: string) => {
    const replies = repliesOf(stdout);
    assert.deepEqual(replies.map((reply) => reply.id).sort(), [1, 2, 3, 4], stdout);
    assert.ok(replies.every((reply) => !reply.error && !reply.result?.isError), stdout);
    assert.match(replies.find((reply) => reply.id === 2)?.result?.content?.[0]?.text ?? '', /diagram/i);
  };

  test('requests and the end of input in one write (printf … | portal mcp): every call is answered, exit 0', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'portal.mjs'), 'mcp', '--dir', path.join(root, 'dist')]);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end(linesOf([initialize, ...calls]));
    assert.equal(await exited, 0);
    assertAllAnswered(stdout);
  });

  test('with --site, searches still fetching the index when stdin ends are answered before it exits', async () => {
    // The site served from this process; once the server is up, index files are held until the input has ended.
    const dist = path.join(root, 'dist');
    let hold = false;
    const held: (() => void)[] = [];
    let inputEnded = false;
    const release = () => {
      if (inputEnded) for (const send of held.splice(0)) send();
    };
    const server = http.createServer((request, response) => {
      const file = path.join(dist, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      const send = () => {
        if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void response.writeHead(404).end();
        response.writeHead(200).end(fs.readFileSync(file));
      };
      if (hold) {
        held.push(send);
        release();
      } else send();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-cache-'));
    try {
      const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const child = spawn(process.execPath, [path.join(repoRoot, 'bin', 'portal.mjs'), 'mcp', '--site', site], { env: { ...process.env, XDG_CACHE_HOME: cache } });
      let stdout = '';
      const initialized = new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (stdout.includes('\n')) resolve();
        });
      });
      child.stderr.resume();
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      child.stdin.write(linesOf([initialize]));
      await initialized;
      hold = true;
      child.stdin.end(linesOf(calls), () => {
        inputEnded = true;
        release();
      });
      assert.equal(await exited, 0);
      assertAllAnswered(stdout);
    } finally {
      server.close();
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
