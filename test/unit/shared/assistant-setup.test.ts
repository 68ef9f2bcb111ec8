import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assistantSetups, docsServerName } from '../../../src/shared/assistant-setup.ts';
import { mcpInstallCommand, mcpPackage, mcpPackageUrl } from '../../../src/shared/mcp-install.ts';

describe('assistantSetups', () => {
  test('the package keeps Pexip\'s npm scope, which nobody else can publish, for when it is published', () => {
    assert.match(mcpPackage, /^@pexip\//);
  });

  test('readers install the package from the site itself, by its versioned tarball URL', () => {
    assert.equal(mcpPackageUrl('1.2.3'), '/mcp/portal-mcp-1.2.3.tgz');
    assert.equal(mcpInstallCommand('https://developer.pexip.com/', '1.2.3'), 'npx -y https://developer.pexip.com/mcp/portal-mcp-1.2.3.tgz --site https://developer.pexip.com');
  });

  test('the exact command for Claude Code and config files for Cursor and VS Code', () => {
    const [claude, cursor, vscode] = assistantSetups('https://developer.pexip.com/', '1.2.3');
    const args = ['-y', 'https://developer.pexip.com/mcp/portal-mcp-1.2.3.tgz', '--site', 'https://developer.pexip.com'];
    assert.deepEqual(claude, { assistant: 'Claude Code', language: 'sh', code: `claude mcp add pexip-docs -- npx ${args.join(' ')}` });
    assert.equal(cursor.file, '.cursor/mcp.json');
    assert.deepEqual(JSON.parse(cursor.code), { mcpServers: { 'pexip-docs': { command: 'npx', args } } });
    assert.equal(vscode.file, '.vscode/mcp.json');
    assert.deepEqual(JSON.parse(vscode.code), { servers: { 'pexip-docs': { type: 'stdio', command: 'npx', args } } });
  });

  test('the server is named after the site', () => {
    assert.equal(docsServerName('https://www.example.test'), 'example-docs');
    assert.equal(docsServerName('http://localhost:3000'), 'localhost-docs');
  });
});
