#!/usr/bin/env node
// Runs the test suites with Node's own test runner (tsx loads the TypeScript).
// Usage: node scripts/run-tests.mjs [unit] [integration] [e2e]   (default: all three)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const suites = process.argv.slice(2).length ? process.argv.slice(2) : ['unit', 'integration', 'content', 'e2e', 'search'];
const files = suites.flatMap((suite) => {
  const folder = path.join('test', suite);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx'))
    .sort()
    .map((file) => path.join(folder, file));
});
if (suites.includes('e2e') && !fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('The browser tests need Debian\'s Chromium: apt-get update && apt-get install -y chromium');
  process.exit(1);
}
// Browser and build tests share the two cores badly; one file at a time keeps them deterministic.
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
