import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { extractBlocks, markdownFiles } from '../helpers/content-blocks.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { kotlinApiDump } from '../helpers/kotlin-api-dump.ts';
import { parseApiDump, type ApiClass } from '../helpers/kotlin-api-format.ts';
import { checkStandIns } from '../helpers/kotlin-stand-ins.ts';
import { checkFor, readSampleChecks, requirePin } from '../helpers/sample-check-pins.ts';
import { requireThirdParty } from '../helpers/thirdparty.ts';

// The Pexip SDK stand-ins the Kotlin samples compile against (test/verifiers/kotlin/stubs) are
// held against the SDK's own public-API dumps: the stand-ins are compiled, the Kotlin
// binary-compatibility validator writes their API in the dumps' format, and then
// - every stand-in class is in the dumps with the same kind, and its supertypes are the SDK's;
// - every stand-in constructor, method and field is there with the same JVM name and descriptor
//   (and is static, or abstract, where the SDK's is);
// - a stand-in data class has the SDK's primary constructor (count, order, types): positional
//   calls and destructuring depend on it;
// - a stand-in interface has every abstract member the SDK's has, unless it is listed below as
//   partial, with why, and no sample implements it.
// Otherwise a stand-in may declare fewer members than the SDK: it stands in for what samples use.
// Only com.pexip.sdk is held here; the Android, AndroidX and WebRTC stand-ins are not in the dumps.

const contentRoot = path.join(repoRoot, 'content');
const stubFolder = path.join(repoRoot, 'test', 'verifiers', 'kotlin', 'stubs');
const sdkPackage = 'com.pexip.sdk';

const checks = readSampleChecks(contentRoot);
const check = checkFor(checks, 'kotlin', 'docs/infinity/mobile/android');
const kotlinVersion = requirePin(check, 'kotlin', contentRoot);
const sdkVersion = requirePin(check, 'com.pexip.sdk', contentRoot);
const dumpFolderName = `pexip-android-sdk-${sdkVersion}-api`;

// The SDK hands these out and samples only call them; each would need many more SDK types whole.
const partialInterfaces: Record<string, string> = {
  'com/pexip/sdk/conference/Conference': 'the SDK creates it (InfinityConference.create); samples read name, roster, signaling and leave',
  'com/pexip/sdk/media/MediaConnection': 'the factory creates it; samples start it, set tracks and listen for remote video',
  'com/pexip/sdk/media/MediaConnectionSignaling': 'the conference provides it; samples pass it to MediaConnectionConfig',
};

/** The stand-in classes a sample implements (`object : X`, `class Y : X`), by their dotted short name. */
function implementedInContent(): Set<string> {
  const names = new Set<string>();
  for (const file of markdownFiles(contentRoot)) {
    for (const block of extractBlocks(file, ['kotlin', 'kt'], { includeFragments: true })) {
      for (const match of block.code.matchAll(/\bobject\s*:\s*([^{\n]+)|\bclass\s+\w+(?:\s*<[^>]*>)?(?:\s*\([^)]*\))?\s*:\s*([^{\n]+)/g)) {
        for (const supertype of (match[1] ?? match[2]).split(',')) names.add(supertype.trim().replace(/[(<].*$/, ''));
      }
    }
  }
  return names;
}

test(`the Pexip SDK stand-ins are in the SDK ${sdkVersion} API dumps, with the SDK's signatures`, async (t) => {
  // Missing dumps fail in CI and skip, with the reason, elsewhere.
  const dumpFolder = requireThirdParty(dumpFolderName, t);
  if (!dumpFolder) return;
  const sdk = new Map<string, ApiClass>();
  for (const file of fs.readdirSync(dumpFolder).filter((name) => name.endsWith('.api')).sort()) {
    for (const apiClass of parseApiDump(fs.readFileSync(path.join(dumpFolder, file), 'utf8'), file)) sdk.set(apiClass.name, apiClass);
  }
  assert.ok(sdk.size > 0, `no class in ${dumpFolder}/*.api`);

  const mavenArtifacts = Object.entries(check!.pins)
    .filter(([name]) => name.includes(':'))
    .map(([name, version]) => `${name}:${version}`);
  const sources = fs
    .readdirSync(stubFolder)
    .filter((file) => file.endsWith('.kt'))
    .sort()
    .map((file) => ({ name: file, code: fs.readFileSync(path.join(stubFolder, file), 'utf8') }));
  const standIns = parseApiDump(await kotlinApiDump({ sources, mavenArtifacts, kotlinVersion, packageName: sdkPackage }), 'stand-ins.api');
  assert.ok(standIns.length > 0, `the stand-ins in ${path.relative(repoRoot, stubFolder)} declare no public class under ${sdkPackage}`);

  const { problems, classes, members } = checkStandIns(standIns, sdk, { implementedBySamples: implementedInContent(), partialInterfaces });
  t.diagnostic(`Pexip SDK stand-ins: ${classes} classes and ${members} members held against the SDK ${sdkVersion} API dumps (${sdk.size} classes)`);
  assert.deepEqual(problems, [], `${problems.join('\n')}\n  make the stand-in under ${path.relative(repoRoot, stubFolder)} what the SDK ${sdkVersion} declares`);
});
