// `portal mcp` driven by a real MCP client (the SDK's Client over stdio) against a built fixture.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { builtFixture, read, repoRoot } from '../helpers/fixtures.ts';

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

  test('lists the search and read_page tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['read_page', 'search']);
    const search = tools.find((tool) => tool.name === 'search')!;
    assert.deepEqual(search.inputSchema.required, ['query']);
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

  test('read_page returns the Markdown twin for a route or a URL, and names the closest route when there is none', async () => {
    const twin = read(root, 'dist/docs/infinity/guides/first-guide.md');
    assert.equal(textOf(await client.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/guides/first-guide' } })), twin);
    assert.equal(textOf(await client.callTool({ name: 'read_page', arguments: { page: 'https://example.test/docs/infinity/guides/first-guide/#set-up' } })), twin);
    const missing = await client.callTool({ name: 'read_page', arguments: { page: '/docs/infinity/guides/frist-guide' } });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /no page at "\/docs\/infinity\/guides\/frist-guide"\. Did you mean "\/docs\/infinity\/guides\/first-guide"\?/);
  });
});
