// The MCP client package a build ships on the site: self-contained, packed as npm packs, made once per portal version.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { mcpPackageOf } from '../../../src/build/mcp-package.ts';

describe('the shipped MCP package', () => {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-package-'));

  test('holds its bundle, its bin and Pagefind\'s engine, named @pexip/portal-mcp at the portal version, with npm\'s integrity', async () => {
    const built = await mcpPackageOf(cacheDir, '9.8.7');
    assert.equal(built.url, '/mcp/portal-mcp-9.8.7.tgz');
    assert.equal(built.integrity, `sha512-${crypto.createHash('sha512').update(built.tarball).digest('base64')}`);
    assert.deepEqual(JSON.parse(built.manifest), { name: '@pexip/portal-mcp', version: '9.8.7', tarball: '/mcp/portal-mcp-9.8.7.tgz', integrity: built.integrity });
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-unpacked-'));
    fs.writeFileSync(path.join(unpacked, 'p.tgz'), built.tarball);
    assert.equal(spawnSync('tar', ['-xzf', 'p.tgz'], { cwd: unpacked }).status, 0, 'tar reads it');
    const packageJson = JSON.parse(fs.readFileSync(path.join(unpacked, 'package/package.json'), 'utf8'));
    assert.equal(packageJson.name, '@pexip/portal-mcp');
    assert.equal(packageJson.version, '9.8.7');
    assert.deepEqual(packageJson.bin, { 'portal-mcp': 'portal-mcp.mjs' });
    assert.equal(packageJson.dependencies, undefined, 'nothing to fetch from a registry');
    for (const file of ['portal-mcp.mjs', 'engine/engine.json', 'engine/pagefind.js', 'engine/wasm.en.pagefind']) assert.ok(fs.existsSync(path.join(unpacked, 'package', file)), file);
    // Run on its own, away from portal's node_modules: it imports nothing it does not carry.
    const alone = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-alone-')), 'package');
    fs.cpSync(path.join(unpacked, 'package'), alone, { recursive: true });
    const version = spawnSync(process.execPath, [path.join(alone, 'portal-mcp.mjs'), '--version'], { encoding: 'utf8' });
    assert.equal(version.stdout, '9.8.7\n', version.stderr);
    const noSite = spawnSync(process.execPath, [path.join(alone, 'portal-mcp.mjs'), '--dir', path.join(alone, 'nothing')], { encoding: 'utf8' });
    assert.equal(noSite.status, 1);
    assert.match(noSite.stderr, /error: no built site with a search index here/);
  });

  test('is made once per portal version: the next build reads it from the cache', async () => {
    const [cached] = fs.readdirSync(cacheDir).filter((file) => file.endsWith('.tgz'));
    assert.ok(cached, 'the first build kept it');
    fs.writeFileSync(path.join(cacheDir, cached), 'kept');
    assert.equal(Buffer.from((await mcpPackageOf(cacheDir, '9.8.7')).tarball).toString(), 'kept');
    const other = await mcpPackageOf(cacheDir, '9.8.8');
    assert.notEqual(Buffer.from(other.tarball).toString(), 'kept', 'another version is packed anew');
  });
});
