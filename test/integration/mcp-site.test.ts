// The MCP server as a reader runs it, against a published site: `portal-mcp --site <url>` over
// stdio and /mcp of `portal serve` over Streamable HTTP, both driven by the MCP SDK's own client,
// against `portal serve` of a site built from every kind of source (guides, OpenAPI, npm).
import assert from 'node:assert/strict';
import { type ChildProcess, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, startServe } from '../helpers/browser.ts';
import { siteWithEverySource } from '../helpers/every-source.ts';
import { buildSite, repoRoot } from '../helpers/fixtures.ts';
import type { OperationEntry, SymbolEntry } from '../../src/markdown-twins/mcp-data.ts';

type Tools = Pick<Client, 'callTool' | 'listTools'>;
/** A page's text as a reader sees it: tags dropped, entities read. */
const pageText = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

let root: string;
let serve: ChildProcess;
let servePort: number;
/** Every request the MCP client made of the site, as the counting proxy in front of `portal serve` saw it. */
const requests: { path: string; ifNoneMatch?: string; status: number }[] = [];
let proxy: http.Server;
let siteUrl: string;
let cacheHome: string;

before(async () => {
  root = siteWithEverySource();
  const summary = await buildSite(root);
  assert.ok(summary.ok, summary.errors.map((error) => error.message).join('\n'));
  servePort = await freePort();
  const started = await startServe(root, ['--port', String(servePort)]);
  serve = started.child;
  assert.match(started.log(), /serving dist at/);
  proxy = http.createServer((request, response) => {
    const forwarded = http.request({ host: '127.0.0.1', port: servePort, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      requests.push({ path: request.url ?? '', ifNoneMatch: request.headers['if-none-match'] as string | undefined, status: answer.statusCode ?? 0 });
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(forwarded);
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${proxyPort}`;
  cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-cache-'));
});

after(() => {
  serve?.kill();
  proxy?.close();
});

async function stdioClient(): Promise<Client> {
  const client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'bin', 'portal-mcp.mjs'), '--site', siteUrl], env: { ...process.env, XDG_CACHE_HOME: cacheHome } as Record<string, string>, stderr: 'ignore' }),
  );
  return client;
}

/** The data the build published for the tools, read as a reader's tool reads it: over HTTP. */
async function published<T>(file: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${servePort}${file}`);
  assert.equal(response.status, 200, file);
  return (await response.json()) as T;
}

/** Every tool answers, the same way over either transport. */
function everyToolAnswers(name: string, connect: () => Promise<Tools & { close(): Promise<void> }>) {
  describe(name, () => {
    let client: Tools & { close(): Promise<void> };
    before(async () => {
      client = await connect();
    });
    after(() => client?.close());

    test('lists the five tools', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), ['get_operation', 'get_sample', 'lookup_symbol', 'read_page', 'search']);
    });

    test('search answers from the published index, and names a query word no page mentions', async () => {
      const found = textOf(await client.callTool({ name: 'search', arguments: { query: 'diagram', limit: 3 } }));
      assert.match(found, /^1\. First guide \[Infinity\]\n   route: \/docs\/infinity\/guides\/first-guide\n   url: https:\/\/example\.test\/docs\/infinity\/guides\/first-guide/m);
      const missing = textOf(await client.callTool({ name: 'search', arguments: { query: 'diagram flutterzz' } }));
      assert.match(missing, /^No page mentions "flutterzz"\. Showing pages that match "diagram"\.\n/);
    });

    test('read_page returns the published twin, and names the closest route when there is none', async () => {
      const twin = fs.readFileSync(path.join(root, 'dist/docs/infinity/guides/first-guide.md'), 'utf8');
      assert.equal(textOf(await client.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/guides/first-guide' } })), twin);
      const missing = await client.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/guides/frist-guide' } });
      assert.equal(missing.isError, true);
      assert.match(textOf(missing), /Did you mean "\/docs\/infinity\/guides\/first-guide"\?/);
    });

    test('lookup_symbol gives the signature, package, version and reference URL of an npm export', async () => {
      const text = textOf(await client.callTool({ name: 'lookup_symbol', arguments: { name: 'openSession' } }));
      assert.match(text, /^## openSession \(function\)$/m);
      assert.match(text, /^Package: @fixture\/session@1\.0\.0/m);
      assert.match(text, /^Reference: https:\/\/example\.test\/docs\/infinity\/packages\/session\/modules\/functions#openSession$/m);
      assert.match(text, /^openSession\(name: string\): Promise<void>$/m);
      assert.match(text, /Opens a session\./);
      const typo = await client.callTool({ name: 'lookup_symbol', arguments: { name: 'openSesion' } });
      assert.equal(typo.isError, true);
      assert.match(textOf(typo), /No export or member named "openSesion"\. Did you mean "openSession"/);
    });

    test('lookup_symbol gives an interface with its members, their summaries and anchors', async () => {
      const text = textOf(await client.callTool({ name: 'lookup_symbol', arguments: { name: 'SessionSignals' } }));
      assert.match(text, /^## SessionSignals \(interface\)$/m);
      assert.match(text, /^What a session tells its listeners\.$/m);
      assert.match(text, /^### Members \(2\)$/m);
      assert.match(text, /^- `onParticipantJoined: \(name: string\) => void` \(property\): Called when a participant joins the session\. https:\/\/example\.test\/docs\/infinity\/packages\/session\/interfaces\/SessionSignals#onParticipantJoined$/m);
      assert.match(text, /^- `onEnded: \(\) => void` \(property\): Called when the session ends\./m);
    });

    test('lookup_symbol finds a member by name, with its interface and anchor', async () => {
      const text = textOf(await client.callTool({ name: 'lookup_symbol', arguments: { name: 'onParticipantJoined' } }));
      assert.match(text, /^## SessionSignals\.onParticipantJoined \(property\)$/m);
      assert.match(text, /^Member of: interface SessionSignals, package @fixture\/session@1\.0\.0/m);
      assert.match(text, /^Reference: https:\/\/example\.test\/docs\/infinity\/packages\/session\/interfaces\/SessionSignals#onParticipantJoined$/m);
      assert.match(text, /^onParticipantJoined: \(name: string\) => void$/m);
      assert.equal(textOf(await client.callTool({ name: 'lookup_symbol', arguments: { name: 'SessionSignals.onParticipantJoined' } })), text);
    });

    test('lookup_symbol ranks the method a call names before the body type of the same name, and suggests close names', async () => {
      const text = textOf(await client.callTool({ name: 'lookup_symbol', arguments: { name: 'joinmeeting' } }));
      assert.match(text, /^## SessionClient\.joinMeeting \(method\)$/m);
      assert.ok(text.indexOf('## SessionClient.joinMeeting') < text.indexOf('## JoinMeeting (interface)'), text);
      const typo = await client.callTool({ name: 'lookup_symbol', arguments: { name: 'onParticipantJoind' } });
      assert.equal(typo.isError, true);
      assert.match(textOf(typo), /Did you mean "SessionSignals\.onParticipantJoined"/);
    });

    test('get_operation gives method, path, parameters, schemas and the samples by language', async () => {
      const text = textOf(await client.callTool({ name: 'get_operation', arguments: { operation: 'getOrder' } }));
      assert.match(text, /^`GET \/orders\/\{order_id\}`$/m);
      assert.match(text, /^- `order_id` \(path, /m);
      assert.match(text, /^## Responses$/m);
      assert.match(text, /^## Request samples$/m);
      const byPath = textOf(await client.callTool({ name: 'get_operation', arguments: { operation: 'GET /orders/{order_id}' } }));
      assert.equal(byPath, text);
      const operations = await published<OperationEntry[]>('/mcp/operations.json');
      const getOrder = operations.find((entry) => entry.operationId === 'getOrder')!;
      const language = getOrder.samples[0].label;
      const one = textOf(await client.callTool({ name: 'get_operation', arguments: { operation: 'getOrder', language } }));
      assert.ok(one.includes(getOrder.samples[0].code), 'the sample of the language asked for');
      for (const other of getOrder.samples.slice(1)) assert.ok(!one.includes(`### ${other.label}\n`), `no ${other.label} sample when ${language} was asked for`);
      const unknown = await client.callTool({ name: 'get_operation', arguments: { operation: 'getOrdr' } });
      assert.equal(unknown.isError, true);
      assert.match(textOf(unknown), /Did you mean "getOrder"\?/);
    });

    test('get_sample takes a language by its tab label, the label\'s name alone, or a common name', async () => {
      const operations = await published<OperationEntry[]>('/mcp/operations.json');
      const getOrder = operations.find((entry) => entry.operationId === 'getOrder')!;
      const python = getOrder.samples.find((sample) => sample.label === 'Python')!;
      for (const language of ['Python', 'python', 'py']) {
        const text = textOf(await client.callTool({ name: 'get_sample', arguments: { page: getOrder.route, language } }));
        assert.ok(text.includes(python.code), `"${language}" picks the Python sample`);
      }
    });

    test('get_sample returns a guide sample with its check, "not stated" when the twin gives none', async () => {
      const text = textOf(await client.callTool({ name: 'get_sample', arguments: { page: '/docs/infinity/guides/first-guide', language: 'ts' } }));
      assert.match(text, /^```ts\nconst greeting: string = 'hello';\nconsole\.log\(greeting\);\n```$/m);
      assert.match(text, /^Check: not stated/m);
      const operations = await published<OperationEntry[]>('/mcp/operations.json');
      const getOrder = operations.find((entry) => entry.operationId === 'getOrder')!;
      const api = textOf(await client.callTool({ name: 'get_sample', arguments: { page: getOrder.route, index: 1 } }));
      assert.ok(api.includes(getOrder.samples[0].code), 'an operation page gives its request samples');
    });

    test('every page twin is a resource', async () => {
      const { resources } = await (client as Client).listResources();
      const guide = resources.find((resource) => resource.uri === 'https://example.test/docs/infinity/guides/first-guide.md');
      assert.ok(guide, 'the guide is listed at its twin URL');
      const read = await (client as Client).readResource({ uri: guide.uri });
      assert.equal((read.contents[0] as { text: string }).text, fs.readFileSync(path.join(root, 'dist/docs/infinity/guides/first-guide.md'), 'utf8'));
    });
  });
}

everyToolAnswers('portal-mcp --site <url> over stdio', stdioClient);

everyToolAnswers('/mcp of portal serve over Streamable HTTP', async () => {
  const client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${servePort}/mcp`)));
  return client;
});

describe('portal-mcp --site: the cache on disk', () => {
  test('a second run asks with If-None-Match and gets 304 for what it read before', async () => {
    const first = await stdioClient();
    await first.callTool({ name: 'search', arguments: { query: 'diagram' } });
    await first.close();
    const mark = requests.length;
    const second = await stdioClient();
    await second.callTool({ name: 'search', arguments: { query: 'diagram' } });
    await second.close();
    const again = requests.slice(mark).filter((request) => /^\/pagefind\/pagefind-entry\.json(\?|$)/.test(request.path) || request.path === '/routes.json');
    assert.equal(again.length, 2, JSON.stringify(requests.slice(mark)));
    for (const request of again) {
      assert.ok(request.ifNoneMatch, `${request.path} is revalidated with its ETag`);
      assert.equal(request.status, 304, `${request.path} is not sent again`);
    }
  });
});

describe('portal-mcp --site: what a wrong address gets', () => {
  test('plain http to another machine exits 2 asking for https; an unreachable site exits 1 naming the URL', async () => {
    const run = (site: string) => spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'portal-mcp.mjs'), '--site', site], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cacheHome } });
    const insecure = run('http://docs.example.test');
    assert.equal(insecure.status, 2);
    assert.equal(insecure.stdout, '');
    assert.match(insecure.stderr, /--site "http:\/\/docs\.example\.test" must use https:\/\/.*\n  Pass --site https:\/\/docs\.example\.test/);
    // A port just found free, with nothing listening on it.
    const closed = run(`http://127.0.0.1:${await freePort()}`);
    assert.equal(closed.status, 1);
    assert.match(closed.stderr, /could not fetch http:\/\/127\.0\.0\.1:\d+\/pagefind\/pagefind-entry\.json: fetch failed \(ECONNREFUSED\)\n  Check the --site address/);
  });
});

/** The build's /mcp function for Netlify, imported as the host's Node runtime would, from a folder of its own. */
async function hostFunction(): Promise<(request: Request) => Promise<Response>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-function-'));
  fs.copyFileSync(path.join(root, 'dist/_hosts/netlify/functions/mcp.mjs'), path.join(folder, 'mcp.mjs'));
  const module = (await import(pathToFileURL(path.join(folder, 'mcp.mjs')).href)) as { default: (request: Request) => Promise<Response>; config: { path: string } };
  assert.deepEqual(module.config, { path: '/mcp' });
  return module.default;
}

everyToolAnswers('the /mcp function the build writes for Netlify, reading the site it serves', async () => {
  const handle = await hostFunction();
  // The host hands the function a Request for <site>/mcp; the site's files are fetched from that origin.
  const client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${siteUrl}/mcp`), { fetch: (input, init) => handle(new Request(input, init)) }));
  return client;
});

describe('the /mcp function', () => {
  test('GET gets 405 naming POST; a request from another origin gets 403', async () => {
    const handle = await hostFunction();
    const get = await handle(new Request(`${siteUrl}/mcp`));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const foreign = await handle(new Request(`${siteUrl}/mcp`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' }));
    assert.equal(foreign.status, 403);
  });
});

describe('/mcp of portal serve', () => {
  test('GET and DELETE get 405 naming POST; a request from another origin gets 403', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`http://127.0.0.1:${servePort}/mcp`, { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST');
    }
    const foreign = await fetch(`http://127.0.0.1:${servePort}/mcp`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    assert.equal(foreign.status, 403);
  });
});

describe('the data files the tools read', () => {
  test('symbols.json holds the routes the guides link exports to, and the signature their page shows', async () => {
    const symbols = await published<SymbolEntry[]>('/mcp/symbols.json');
    const entry = symbols.find((symbol) => symbol.name === 'openSession')!;
    assert.deepEqual({ ...entry, signature: undefined }, { name: 'openSession', kind: 'function', package: '@fixture/session', version: '1.0.0', area: 'infinity', route: '/docs/infinity/packages/session/modules/functions#openSession', signature: undefined, summary: 'Opens a session.' });
    const page = fs.readFileSync(path.join(root, 'dist/docs/infinity/packages/session/modules/functions/index.html'), 'utf8');
    assert.ok(pageText(page).includes(entry.signature), `the modules page shows "${entry.signature}"`);
  });

  test('operations.json holds each operation as its page shows it', async () => {
    const operations = await published<OperationEntry[]>('/mcp/operations.json');
    for (const id of ['cancelOrder', 'getOrder', 'getToken']) assert.ok(operations.some((entry) => entry.operationId === id), `${id} is listed`);
    for (const entry of operations) {
      const html = fs.readFileSync(path.join(root, 'dist', entry.route, 'index.html'), 'utf8');
      const text = pageText(html);
      assert.ok(text.includes(entry.path), `${entry.route} shows ${entry.path}`);
      for (const parameter of entry.parameters) assert.ok(text.includes(parameter.name), `${entry.route} shows the parameter ${parameter.name}`);
      for (const sample of entry.samples) assert.ok(text.includes(sample.code.split('\n')[0]), `${entry.route} shows the ${sample.label} sample`);
    }
  });
});

describe('how a reader connects an assistant', () => {
  /** The Claude Code line llms.txt gives (its sh block), and the npx command in it. */
  const shown = () => {
    const home = pageText(fs.readFileSync(path.join(root, 'dist/index.html'), 'utf8'));
    const line = /^```sh\n(claude mcp add example-docs -- (npx -y \S+ --site \S+))\n```$/m.exec(fs.readFileSync(path.join(root, 'dist/llms.txt'), 'utf8'));
    assert.ok(line, 'llms.txt gives the Claude Code command');
    assert.ok(home.includes(line[1]), 'the home page shows the same command');
    return { home, line: line[1], npx: line[2] };
  };

  test('the home page and llms.txt give the same commands for the published site, installing from the site', () => {
    const { home, line } = shown();
    const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(line, `claude mcp add example-docs -- npx -y https://example.test/mcp/portal-mcp-${version}.tgz --site https://example.test`);
    assert.match(home, /Add to your assistant/);
    assert.ok(home.includes('"mcpServers"') && home.includes('.cursor/mcp.json'), 'the home page shows the Cursor config');
    assert.ok(home.includes('"servers"') && home.includes('.vscode/mcp.json'), 'the home page shows the VS Code config');
    const llms = fs.readFileSync(path.join(root, 'dist/llms.txt'), 'utf8');
    assert.match(llms, /^## Add to your assistant$/m);
    assert.ok(llms.includes(`\`\`\`sh\n${line}\n\`\`\``), 'llms.txt gives the Claude Code command');
    assert.ok(fs.readFileSync(path.join(root, 'dist/index.md'), 'utf8').includes(line), 'the home twin gives it too');
  });

  test('the package is published beside its integrity, as npm writes it', async () => {
    const manifest = await published<{ name: string; version: string; tarball: string; integrity: string }>('/mcp/portal-mcp.json');
    assert.equal(manifest.name, '@pexip/portal-mcp');
    const tarball = Buffer.from(await (await fetch(`http://127.0.0.1:${servePort}${manifest.tarball}`)).arrayBuffer());
    assert.equal(manifest.integrity, `sha512-${crypto.createHash('sha512').update(tarball).digest('base64')}`);
  });

  test('the command shown runs from the served site alone: npx installs the tarball, no registry, and the client talks MCP to it', async () => {
    // The served build stands for the published site; npm gets an empty cache and a registry that answers nothing.
    const [program, ...args] = shown().npx.replaceAll('https://example.test', siteUrl).split(' ');
    const npmCache = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-npx-cache-'));
    const before = requests.length;
    const client = new Client({ name: 'portal-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: program,
        args,
        cwd: npmCache,
        env: { ...process.env, XDG_CACHE_HOME: cacheHome, npm_config_cache: npmCache, npm_config_registry: 'http://127.0.0.1:9/', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' } as Record<string, string>,
        stderr: 'ignore',
      }),
    );
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), ['get_operation', 'get_sample', 'lookup_symbol', 'read_page', 'search']);
      const found = textOf(await client.callTool({ name: 'search', arguments: { query: 'diagram', limit: 3 } }));
      assert.match(found, /^1\. First guide \[Infinity\]\n   route: \/docs\/infinity\/guides\/first-guide$/m);
    } finally {
      await client.close();
    }
    assert.ok(requests.slice(before).some((request) => /^\/mcp\/portal-mcp-[^/]+\.tgz$/.test(request.path) && request.status === 200), 'npx fetched the tarball from the site');
  });
});
