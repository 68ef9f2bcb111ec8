import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { extractBlocks, fragmentReason, markdownFiles } from '../helpers/content-blocks.ts';
import { compileGroovy } from '../helpers/groovy-compiler.ts';
import { pinnedSdkVersions } from '../helpers/kotlin-tutorial.ts';
import { checkFor, readSampleChecks, requirePin } from '../helpers/sample-check-pins.ts';

// Every Groovy block (Gradle's Groovy DSL in practice) is compiled by the real Groovy compiler,
// all in one run. The DSL is dynamic, so this proves the syntax a reader pastes, not the names.

const contentRoot = path.join(repoRoot, 'content');

test('every Groovy block in the content compiles with the pinned Groovy', async (t) => {
  const checks = readSampleChecks(contentRoot);
  const blocks = markdownFiles(contentRoot).sort().flatMap((file) => extractBlocks(file, ['groovy', 'gradle'], { includeFragments: true }));
  const skipped = blocks.filter((block) => fragmentReason(block) !== undefined);
  const compiled = blocks.filter((block) => fragmentReason(block) === undefined);
  assert.ok(compiled.length >= 2, `expected the Android introduction's Groovy blocks, found ${compiled.length}`);
  // One compiler for all blocks: the pin of the first block's page (they all share one today).
  const versions = new Set(compiled.map((block) => requirePin(checkFor(checks, 'groovy', path.relative(contentRoot, block.file)), 'groovy', contentRoot)));
  assert.equal(versions.size, 1, `Groovy blocks are pinned to several versions (${[...versions].join(', ')}); the verifier runs one`);
  const [groovyVersion] = versions;

  const diagnostics = await compileGroovy({ groovyVersion, sources: compiled.map((block, index) => ({ name: `block${index}`, code: block.code })) });
  // A Groovy build file that pins the Pexip SDK pins the version the Kotlin samples are checked with.
  const pinProblems = pinnedSdkVersions(compiled).flatMap(({ block, offset, version }) => {
    const expected = requirePin(checkFor(checks, 'kotlin', path.relative(contentRoot, block.file)), 'com.pexip.sdk', contentRoot);
    return version === expected ? [] : [`${path.relative(repoRoot, block.file)}:${block.line + offset}  error: the page pins Pexip Android SDK ${version}, but its samples are checked with ${expected}\n  use ${expected}`];
  });
  const problems = diagnostics.map((diagnostic) => {
    const block = compiled[Number(diagnostic.file.replace('block', ''))];
    const where = block ? `${path.relative(repoRoot, block.file)}:${block.line + diagnostic.line - 1}:${diagnostic.column}` : diagnostic.file;
    return `${where}  error: ${diagnostic.message}\n  fix the Groovy syntax of the sample, or mark the block fragment="why"`;
  });
  t.diagnostic(`Groovy blocks: ${compiled.length} compiled with Groovy ${groovyVersion}, ${skipped.length} skipped`);
  for (const block of skipped) t.diagnostic(`  skipped ${path.relative(repoRoot, block.file)}:${block.line}: ${fragmentReason(block)}`);
  problems.push(...pinProblems);
  assert.deepEqual(problems, [], problems.join('\n'));
});
