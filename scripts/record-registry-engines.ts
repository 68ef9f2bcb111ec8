// Records, for every package spec that a page of content/ tells the reader to install, the version
// npm serves for it today and that version's `engines`. The tool-version test reads the newest
// recording instead of the network, so it states the date its answer is true for.
// Usage: node --import tsx scripts/record-registry-engines.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { markdownFiles } from '../test/helpers/content-blocks.ts';
import { readInstallSpecs, type RegistryRecord, type RegistrySnapshot } from '../test/helpers/tool-version-claims.ts';

const root = path.resolve(import.meta.dirname, '..');
const specs = [...new Set(markdownFiles(path.join(root, 'content')).flatMap((file) => readInstallSpecs(file).map(({ spec }) => spec)))].sort();

const packages: Record<string, RegistryRecord> = {};
for (const spec of specs) {
  const answer = JSON.parse(execFileSync('npm', ['view', spec, 'version', 'engines', '--json'], { encoding: 'utf8' })) as unknown;
  // One matching version gives an object (or a bare version string without engines); a range, an array of them.
  const latest = Array.isArray(answer) ? answer.at(-1) : answer;
  packages[spec] = typeof latest === 'string' ? { version: latest, engines: {} } : { version: latest.version, engines: latest.engines ?? {} };
  console.log(`${spec} → ${packages[spec].version} ${JSON.stringify(packages[spec].engines)}`);
}

const recorded = new Date().toISOString().slice(0, 10);
const snapshot: RegistrySnapshot = { recorded, packages };
const target = path.join(root, 'test', 'fixtures', 'registry', `engines-${recorded}.json`);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(snapshot, null, 2)}\n`);
console.log(`wrote ${path.relative(root, target)}`);
