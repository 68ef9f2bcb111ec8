import fs from 'node:fs';
import path from 'node:path';
import { portalRoot } from './portal-root.ts';

let version: string | undefined;

/** This portal's version, from its package.json: what `/mcp` reports and the shipped MCP package is named by. */
export function portalVersion(): string {
  return (version ??= (JSON.parse(fs.readFileSync(path.join(portalRoot, 'package.json'), 'utf8')) as { version: string }).version);
}
