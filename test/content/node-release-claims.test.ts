import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { markdownFiles } from '../helpers/content-blocks.ts';
import { repoRoot } from '../helpers/fixtures.ts';

// What a page says about the Node.js releases that run TypeScript files, held against Node's own
// documentation history, recorded in test/fixtures/node-releases.json with its source: the
// `--experimental-strip-types` flag came in 22.6, and type stripping is on by default from 22.18
// and 23.6. A paragraph about it may name only those releases and the ones just before them, names
// both default-on releases, and, when it says which releases need the flag, where the flag starts.

const { typeStripping } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'node-releases.json'), 'utf8')) as { typeStripping: { flagAdded: string; enabledByDefault: string[] } };

const before = (version: string) => {
  const [major, minor] = version.split('.').map(Number);
  return minor > 0 ? `${major}.${minor - 1}` : undefined;
};
const allowed = new Set([typeStripping.flagAdded, ...typeStripping.enabledByDefault, ...typeStripping.enabledByDefault.map(before), ...typeStripping.enabledByDefault.map((version) => `${version.split('.')[0]}.0`)].filter(Boolean));

test('every paragraph about running TypeScript files with Node.js names the releases Node\'s documentation gives', () => {
  const problems: string[] = [];
  let paragraphs = 0;
  for (const file of markdownFiles(path.join(repoRoot, 'content'))) {
    for (const paragraph of fs.readFileSync(file, 'utf8').split(/\n\s*\n/)) {
      if (!/strip-types|strips TypeScript|run TypeScript files/i.test(paragraph)) continue;
      paragraphs++;
      const where = `${path.relative(repoRoot, file)}: "${paragraph.trim().slice(0, 60)}…"`;
      const versions = [...paragraph.matchAll(/\b(2[0-9])\.(\d+)\b/g)].map((match) => `${match[1]}.${match[2]}`);
      for (const version of versions) if (!allowed.has(version)) problems.push(`${where} names ${version}; Node's history has ${[...allowed].join(', ')}`);
      for (const version of typeStripping.enabledByDefault) if (!versions.includes(version)) problems.push(`${where} does not name ${version}, from which type stripping is on by default`);
      if (/--experimental-strip-types/.test(paragraph) && !versions.includes(typeStripping.flagAdded)) problems.push(`${where} says which releases need --experimental-strip-types but not that it came in ${typeStripping.flagAdded}`);
    }
  }
  assert.ok(paragraphs >= 2, `found ${paragraphs} paragraphs about it`);
  assert.deepEqual(problems, [], problems.join('\n'));
});
