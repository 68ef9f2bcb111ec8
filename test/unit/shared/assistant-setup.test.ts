import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assistantSetups, docsServerName } from '../../../src/shared/assistant-setup.ts';
import { mcpInstallCommand, mcpPackage } from '../../../src/shared/mcp-install.ts';

describe('assistantSetups', () => {
  test('readers are told to run a package under Pexip\'s npm scope, which nobody else can publish', () => {
    assert.match(mcpPackage, /^@pexip\//);
    assert.match(mcpInstallCommand('https://developer.pexip.com'), /^npx -y @pexip\//);
  });

  test('the exact command for Claude Code and config files for Cursor and VS Code', () => {
    const [claude, cursor, vscode] = assistantSetups('https://developer.pexip.com/');
    assert.equal(mcpInstallCommand('https://developer.pexip.com'), 'npx -y @pexip/portal-mcp --site https://developer.pexip.com');
    assert.deepEqual(claude, { assistant: 'Claude Code', language: 'sh', code: 'claude mcp add pexip-docs -- npx -y @pexip/portal-mcp --site https://developer.pexip.com' });
    assert.equal(cursor.file, '.cursor/mcp.json');
    assert.deepEqual(JSON.parse(cursor.code), { mcpServers: { 'pexip-docs': { command: 'npx', args: ['-y', '@pexip/portal-mcp', '--site', 'https://developer.pexip.com'] } } });
    assert.equal(vscode.file, '.vscode/mcp.json');
    assert.deepEqual(JSON.parse(vscode.code), { servers: { 'pexip-docs': { type: 'stdio', command: 'npx', args: ['-y', '@pexip/portal-mcp', '--site', 'https://developer.pexip.com'] } } });
  });

  test('the server is named after the site', () => {
    assert.equal(docsServerName('https://www.example.test'), 'example-docs');
    assert.equal(docsServerName('http://localhost:3000'), 'localhost-docs');
  });
});
