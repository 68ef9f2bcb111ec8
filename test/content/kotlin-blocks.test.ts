import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { extractBlocks, fragmentReason, markdownFiles, type ContentBlock } from '../helpers/content-blocks.ts';
import { compileKotlin } from '../helpers/kotlin-compiler.ts';
import { applyBlock, blockTitle, pinnedSdkVersions, SpliceError, underPackage, type SourceLine, type TutorialFile } from '../helpers/kotlin-tutorial.ts';
import { checkFor, readSampleChecks, requirePin } from '../helpers/sample-check-pins.ts';

// Every Kotlin block in the content is compiled by the real Kotlin compiler, in one run:
// - the Android tutorial's blocks as the reader's app after each page (whole files replace a
//   file; member snippets are spliced into it), each page in a package of its own;
// - Gradle Kotlin DSL blocks (`*.gradle.kts`) as the body of a function whose receiver is the
//   Gradle DSL stub, so the compiler parses them and checks their names;
// - any other block on its own, in a package of its own.
// The SDK, Android, AndroidX and WebRTC classes come from the marked stubs under
// test/verifiers/kotlin (Maven Central here has none of them); kotlinx and OkHttp are the real
// artifacts. A block marked fragment="why" is skipped and counted with its reason.

const contentRoot = path.join(repoRoot, 'content');
const verifierRoot = path.join(repoRoot, 'test', 'verifiers', 'kotlin');
const tutorialFolder = path.join(contentRoot, 'docs', 'infinity', 'mobile', 'android');
const appPackage = 'com.example.pexipconference';
const viewModelFile = 'screens/conference/ConferenceViewModel.kt';

const kotlinSources = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.kt'))
    .sort()
    .map((file) => ({ name: path.relative(repoRoot, path.join(folder, file)), code: fs.readFileSync(path.join(folder, file), 'utf8') }));

const location = (block: ContentBlock, offset: number) => `${path.relative(repoRoot, block.file)}:${block.line + offset}`;

function sidebarPosition(file: string): number {
  return Number(/^sidebar_position:\s*(\d+)/m.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 999);
}

function isGradleScript(block: ContentBlock): boolean {
  return /\.gradle\.kts$/.test(blockTitle(block) ?? '');
}

/** A Gradle script's body inside a function with the DSL's receiver (imports hoisted above it). */
function wrapGradleScript(block: ContentBlock, index: number): SourceLine[] {
  const receiver = /(^|\/)settings\.gradle\.kts$/.test(blockTitle(block)!) ? 'SettingsScript' : 'ProjectScript';
  const lines = block.code.replace(/\n$/, '').split('\n').map((text, offset) => ({ text, origin: { block, offset } }));
  const imports = lines.filter((line) => /^import\s/.test(line.text));
  const body = lines.filter((line) => !/^import\s/.test(line.text));
  return [{ text: `package samples.gradle${index}` }, { text: 'import portal.gradle.dsl.*' }, ...imports, { text: `fun ${receiver}.script() {` }, ...body, { text: '}' }];
}

/** A block compiled alone: its package moved under a prefix of its own (or given one). */
function standalone(block: ContentBlock, index: number): SourceLine[] {
  const lines = block.code.replace(/\n$/, '').split('\n').map((text, offset) => ({ text, origin: { block, offset } }));
  const hasPackage = lines.some((line) => /^package\s/.test(line.text));
  return hasPackage ? lines.map((line) => (/^package\s/.test(line.text) ? { ...line, text: line.text.replace(/^package\s+/, `package samples.block${index}.`) } : line)) : [{ text: `package samples.block${index}` }, ...lines];
}

test('every Kotlin block in the content compiles against the pinned Kotlin and Pexip Android SDK', async (t) => {
  const checks = readSampleChecks(contentRoot);
  const check = checkFor(checks, 'kotlin', path.relative(contentRoot, tutorialFolder));
  const kotlinVersion = requirePin(check, 'kotlin', contentRoot);
  const sdkVersion = requirePin(check, 'com.pexip.sdk', contentRoot);
  const mavenArtifacts = Object.entries(check!.pins)
    .filter(([name]) => name.includes(':'))
    .map(([name, version]) => `${name}:${version}`);

  // The stubs stand in for one SDK release: a new pin must come with a review of them.
  const sdkStub = fs.readFileSync(path.join(verifierRoot, 'stubs', 'PexipSdk.kt'), 'utf8');
  assert.ok(sdkStub.includes(`Pexip Android SDK ${sdkVersion} `), `test/verifiers/kotlin/stubs/PexipSdk.kt describes another SDK release than the pin ${sdkVersion}\n  re-check the stubs against the ${sdkVersion} tag and update their header`);

  const pages = markdownFiles(contentRoot).sort();
  const blocks = pages.flatMap((file) => extractBlocks(file, ['kotlin', 'kt', 'kts'], { includeFragments: true }));
  const problems: string[] = [];
  const skipped: string[] = [];
  const checked: ContentBlock[] = [];

  // Every Pexip SDK version a page pins is the one the verifier compiles against.
  for (const { block, offset, version } of pinnedSdkVersions(blocks).filter((pin) => pin.version !== sdkVersion)) {
    problems.push(`${location(block, offset)}  error: the page pins Pexip Android SDK ${version}, but its samples are checked with ${sdkVersion}\n  use ${sdkVersion}, or change the pin in content/sample-checks.json and check the samples against it`);
  }

  // `pages`: the tutorial pages a step reports for (its own, and earlier ones not compiled alone).
  const sources: { name: string; lines: SourceLine[]; pages?: Set<string> }[] = [];
  const compilable = blocks.filter((block) => {
    const reason = fragmentReason(block);
    if (reason === undefined) return true;
    if (reason.trim() === '') problems.push(`${location(block, 0)}  error: fragment without a reason\n  write why the block cannot compile: fragment="why"`);
    skipped.push(`${location(block, 0)}: ${reason}`);
    return false;
  });

  compilable.filter(isGradleScript).forEach((block, index) => {
    sources.push({ name: `gradle/script${index}.kt`, lines: wrapGradleScript(block, index) });
    checked.push(block);
  });

  // The Android tutorial, page by page in sidebar order, as the reader's app after each page.
  const tutorialPages = pages.filter((file) => file.startsWith(tutorialFolder + path.sep)).sort((a, b) => sidebarPosition(a) - sidebarPosition(b));
  const appStubs = kotlinSources(path.join(verifierRoot, 'app'));
  const files = new Map<string, TutorialFile>();
  let reportedPages = new Set<string>();
  for (const page of tutorialPages) {
    const pageBlocks = compilable.filter((block) => block.file === page && !isGradleScript(block));
    if (pageBlocks.length === 0) continue;
    for (const block of pageBlocks) {
      try {
        applyBlock(files, block);
        checked.push(block);
      } catch (error) {
        if (!(error instanceof SpliceError)) throw error;
        problems.push(`${location(error.block, error.offset)}  error: ${error.message}`);
      }
    }
    // The generated binding classes refer to the ViewModel, so steps compile from the page that
    // shows it whole; the architecture page's files are compiled with every step after it.
    reportedPages.add(page);
    if (!files.has(viewModelFile)) continue;
    const pagesOfStep = reportedPages;
    reportedPages = new Set();
    const prefix = `samples.${path.basename(page, '.md').replace(/\W/g, '_')}`;
    for (const file of files.values()) sources.push({ name: `${prefix}/${file.title}`, lines: underPackage(file.lines, appPackage, prefix), pages: pagesOfStep });
    for (const stub of appStubs) {
      const lines = stub.code.split('\n').map((text) => ({ text }));
      sources.push({ name: `${prefix}/${stub.name}`, lines: underPackage(lines, appPackage, prefix) });
    }
  }

  compilable
    .filter((block) => !isGradleScript(block) && !block.file.startsWith(tutorialFolder + path.sep))
    .forEach((block, index) => {
      sources.push({ name: `block${index}.kt`, lines: standalone(block, index) });
      checked.push(block);
    });

  const libraryStubs = [...kotlinSources(path.join(verifierRoot, 'stubs')), ...kotlinSources(path.join(verifierRoot, 'gradle'))];
  const diagnostics = await compileKotlin({
    kotlinVersion,
    mavenArtifacts,
    sources: [...libraryStubs, ...sources.map((source) => ({ name: source.name, code: source.lines.map((line) => line.text).join('\n') + '\n' }))],
  });

  const sourceByName = new Map(sources.map((source) => [source.name, source]));
  const reported = new Set<string>();
  let warnings = 0;
  for (const diagnostic of diagnostics) {
    const source = sourceByName.get(diagnostic.file);
    const origin = source?.lines[diagnostic.line - 1]?.origin;
    // An earlier page's lines are checked in that page's step. In later steps they can disagree
    // with the page only through a snippet skipped as a fragment, which says what to change.
    if (origin && source?.pages && !source.pages.has(origin.block.file)) continue;
    const where = origin ? location(origin.block, origin.offset) : `${diagnostic.file}:${diagnostic.line}`;
    // A page's earlier lines are compiled again in every later step: report each once.
    const key = `${where} ${diagnostic.message}`;
    if (reported.has(key)) continue;
    reported.add(key);
    // Deprecated calls fail too: a sample must not teach what the SDK already retires.
    if (diagnostic.severity === 'error' || (origin && /deprecated/i.test(diagnostic.message))) {
      problems.push(`${where}:${diagnostic.column}  ${diagnostic.severity}: ${diagnostic.message}\n  fix the sample (or the stub under test/verifiers/kotlin if it differs from the SDK ${sdkVersion} source)`);
    } else warnings++;
  }

  t.diagnostic(`Kotlin blocks: ${checked.length} compiled with Kotlin ${kotlinVersion} against Pexip Android SDK ${sdkVersion} (${warnings} other warnings), ${skipped.length} skipped`);
  for (const line of skipped) t.diagnostic(`  skipped ${line}`);
  assert.ok(checked.length >= 20, `expected the Android tutorial's Kotlin blocks, found ${checked.length}`);
  assert.deepEqual(problems, [], problems.join('\n'));
});
