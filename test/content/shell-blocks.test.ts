import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, pinOf, printCounts } from '../helpers/verified-blocks.ts';
import { checkShellBlocks, shellSource } from '../verifiers/shell.ts';

const languages = ['bash', 'sh', 'shell', 'console'];
const pins = { bash: pinOf('bash', 'bash'), shellcheck: pinOf('bash', 'shellcheck') };

test('every shell block in the content passes bash -n and ShellCheck', () => {
  const found = contentBlocks(languages);
  assert.ok(found.blocks.length > 20, `expected the pages' shell blocks, found ${found.blocks.length}`);
  found.blocks.forEach(checkFor);
  const problems = checkShellBlocks(found.blocks, pins);
  printCounts('Shell', found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

const fixture = (code: string, language = 'bash') => ({ file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 8, language, meta: '', code });

test('the shell check reports syntax errors and ShellCheck warnings at their page line', () => {
  const problems = checkShellBlocks([fixture('npm install\nif [ -f x ]; then\n  echo yes\n'), fixture('name="a b"\nrm -rf "$nmae"/\n')], pins).join('\n');
  assert.match(problems, /content\/docs\/fixture\.md:\d+: bash -n: syntax error/);
  assert.match(problems, /content\/docs\/fixture\.md:9:\d+: ShellCheck SC2154/);
  assert.deepEqual(checkShellBlocks([fixture('cd my-app\nnpm install\nexport PORT=3000\n')], pins), []);
});

test('prompts are stripped and console output is not checked as commands', () => {
  assert.equal(shellSource(fixture('$ npm run build\nBuilt 12 pages (ok)\n$ ls \\\n  dist\n', 'console')), 'npm run build\n\nls \\\n  dist\n');
  assert.equal(shellSource(fixture('npm test\n')), 'npm test\n');
});
