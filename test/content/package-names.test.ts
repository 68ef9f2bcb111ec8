import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { markdownFiles } from '../helpers/content-blocks.ts';
import { repoRoot } from '../helpers/fixtures.ts';

// Every scoped npm package a page names is a package npm serves: one this project installs (so
// npm served it), or one recorded as published in test/fixtures/registry/names-*.json. A name the
// registry never had (recorded there as unpublished) must not be written as a package name, so no
// reader takes it for something to install. The record is the newest file, so the test needs no
// network and says which date its verdict is for.

const registryFolder = path.join(repoRoot, 'test', 'fixtures', 'registry');
const recordFile = fs.readdirSync(registryFolder).filter((name) => /^names-\d{4}-\d{2}-\d{2}\.json$/.test(name)).sort().at(-1)!;
const record = JSON.parse(fs.readFileSync(path.join(registryFolder, recordFile), 'utf8')) as { recorded: string; published: Record<string, string>; unpublished: Record<string, string> };

const installed = (name: string) => fs.existsSync(path.join(repoRoot, 'node_modules', ...name.split('/'), 'package.json'));

test('every @pexip package a page names exists on npm, and none is a name npm never had', () => {
  const problems: string[] = [];
  let names = 0;
  for (const file of markdownFiles(path.join(repoRoot, 'content'))) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const [name] of line.matchAll(/@pexip\/[a-z0-9][a-z0-9.-]*[a-z0-9]/g)) {
          names++;
          const where = `${path.relative(repoRoot, file)}:${index + 1}`;
          if (name in record.unpublished) problems.push(`${where}: ${name} was never published on npm (${record.unpublished[name]}; ${recordFile}); say so without writing it as a package name`);
          else if (!installed(name) && !(name in record.published)) problems.push(`${where}: ${name} is neither installed nor in ${recordFile}; check it with npm view ${name} and record the answer`);
        }
      });
  }
  assert.ok(names > 100, `found ${names} package names`);
  assert.deepEqual(problems, [], `npm as recorded on ${record.recorded}:\n${problems.join('\n')}`);
});
