import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readSampleChecks, sampleCheckFor } from '../../src/markdown/sample-checks.ts';
import { extractBlocks, fragmentReason, markdownFiles, type ContentBlock } from '../helpers/content-blocks.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkSwiftBlocks, swiftApiFile } from '../verifiers/swift/check-swift.ts';
import type { SwiftApi } from '../verifiers/swift/swift-api.ts';

// Every Swift block must parse and use the Pexip Swift SDK as the release the page is checked
// against declares it (content/sample-checks.json pins the release; the symbol list is
// test/verifiers/swift/pexip-swift-sdk-<version>.json). No Swift compiler runs on our machines.

const checks = readSampleChecks(repoRoot);
const loadApi = (version: string): SwiftApi => JSON.parse(fs.readFileSync(swiftApiFile(repoRoot, version), 'utf8')) as SwiftApi;
const pinFor = (file: string): string => {
  const version = sampleCheckFor(checks, 'swift', file)?.pins['pexip-swift-sdk'];
  assert.ok(version, `${path.relative(repoRoot, file)}: content/sample-checks.json has no "pexip-swift-sdk" pin for its Swift blocks`);
  return version;
};

test('every Swift block parses and matches the public API of the pinned Pexip Swift SDK', async () => {
  const all = markdownFiles(path.join(repoRoot, 'content')).flatMap((file) => extractBlocks(file, ['swift'], { includeFragments: true }));
  const skipped = all.filter((block) => fragmentReason(block) !== undefined);
  const blocks = all.filter((block) => fragmentReason(block) === undefined);
  assert.ok(blocks.length >= 5, `expected the iOS page's Swift blocks, found ${blocks.length}`);
  const problems: string[] = [];
  let symbols = 0;
  const versions = new Map<string, ContentBlock[]>();
  for (const block of blocks) versions.set(pinFor(block.file), [...(versions.get(pinFor(block.file)) ?? []), block]);
  for (const [version, group] of versions) {
    const result = await checkSwiftBlocks(group, loadApi(version), repoRoot);
    problems.push(...result.problems);
    symbols += result.symbolsChecked;
  }
  console.log(`Swift: ${blocks.length} blocks verified (${symbols} SDK uses checked), ${skipped.length} skipped${skipped.map((block) => `\n  ${path.relative(repoRoot, block.file)}:${block.line}: ${fragmentReason(block)}`).join('')}`);
  assert.deepEqual(problems, [], problems.join('\n'));
});

// The check must fail on what the issue found: the 0.7-era API used against a later release.
const fixture = (code: string, line = 10): ContentBlock => ({ file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line, language: 'swift', meta: '', code });

test('the Swift check catches removed types, wrong labels, missing try/await and syntax errors', async () => {
  const api = loadApi(pinFor(path.join(repoRoot, 'content', 'docs', 'infinity', 'mobile', 'ios.md')));
  const bad = [
    fixture(`import PexipInfinityClient
import PexipRTC

final class Caller {
    private let factory = InfinityClientFactory()
    private var connection: MediaConnection?

    func start(uri: String, node: URL, token: ConferenceToken) async throws {
        guard let alias = ConferenceAlias(uri: uri) else { return }
        let conference = factory.conference(node: node, alias: alias, token: token)
        let config = MediaConnectionConfig(signaling: conference.signaling)
        _ = config
        try connection?.receivePresentation(true)
        connection?.stop()
        factory.nodeResolver()
        guard let address = ConferenceAddress(uri: uri) else { return }
        _ = factory.conference(node: node, alias: address, token: token)
    }
}
`),
    fixture('func broken( {\n', 40),
  ];
  const { problems } = await checkSwiftBlocks(bad, api, repoRoot);
  const text = problems.join('\n');
  assert.match(text, /content\/docs\/fixture\.md:18: `ConferenceAlias` is not a public type of pexip-swift-sdk/);
  assert.match(text, /content\/docs\/fixture\.md:20: Conference has no public member `signaling`/);
  assert.match(text, /content\/docs\/fixture\.md:22: MediaConnection\.receivePresentation is async .*needs `await`/);
  assert.match(text, /content\/docs\/fixture\.md:23: MediaConnection\.stop is async/);
  assert.match(text, /content\/docs\/fixture\.md:24: InfinityClientFactory\.nodeResolver\(\) is not a public method .*\n  It has: nodeResolver\(dnssec:\)/);
  assert.match(text, /content\/docs\/fixture\.md:26: InfinityClientFactory\.conference takes `alias:` as String, but the sample passes a ConferenceAddress/);
  assert.match(text, /content\/docs\/fixture\.md:40:\d+: syntax error/);

  const events = fixture(`import Combine
import PexipInfinityClient

func watch(conference: Conference, store: inout Set<AnyCancellable>) {
    conference.eventPublisher
        .receive(on: DispatchQueue.main)
        .sink { event in
            switch event {
            case .presentationStart, .clientDisconnected:
                break
            case .participantLeft:
                break
            default:
                break
            }
        }
        .store(in: &store)
}
`, 60);
  assert.match((await checkSwiftBlocks([events], api, repoRoot)).problems.join('\n'), /^content\/docs\/fixture\.md:70: ConferenceClientEvent has no case `\.participantLeft` in pexip-swift-sdk 0\.10\.1\n  Its cases: .*clientDisconnected/);

  const manifest = fixture('// swift-tools-version:5.7\nimport PackageDescription\nlet package = Package(name: "A", dependencies: [.package(url: "https://github.com/pexip/pexip-swift-sdk", from: "0.1.0")])\n');
  assert.match((await checkSwiftBlocks([manifest], api, repoRoot)).problems.join('\n'), /requires pexip-swift-sdk 0\.1\.0, but the page is checked against/);

  const good = fixture(`import PexipInfinityClient
func join(factory: InfinityClientFactory, node: URL, token: ConferenceToken) async {
    let conference = factory.conference(node: node, alias: "meet@example.com", token: token)
    _ = conference.signalingChannel
    await conference.leave()
}
`);
  assert.deepEqual((await checkSwiftBlocks([good], api, repoRoot)).problems, []);
});
