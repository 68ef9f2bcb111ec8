import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../helpers/fixtures.ts';
import { compileKotlin } from '../../helpers/kotlin-compiler.ts';

// The SDK stubs must fail what SDK 0.17.5 fails: the 0.9.0-era calls the tutorial repository
// makes are ERROR-level deprecations there, and a reader's build stops on each of them.

const stubFolder = path.join(repoRoot, 'test', 'verifiers', 'kotlin', 'stubs');

test('the Pexip SDK stubs reject the calls SDK 0.17.5 deprecates at ERROR level, and accept their replacements', async () => {
  const stubs = fs
    .readdirSync(stubFolder)
    .filter((file) => file.endsWith('.kt'))
    .map((file) => ({ name: `stubs/${file}`, code: fs.readFileSync(path.join(stubFolder, file), 'utf8') }));
  const old = `package fixture.old

import com.pexip.sdk.api.coroutines.await
import com.pexip.sdk.api.infinity.InfinityService
import com.pexip.sdk.api.infinity.RequestTokenRequest
import com.pexip.sdk.conference.ConferenceEvent
import com.pexip.sdk.conference.PresentationStartConferenceEvent
import com.pexip.sdk.conference.infinity.InfinityConference
import java.net.URL

suspend fun join(service: InfinityService, node: URL): InfinityConference {
    val response = service.newRequest(node).conference("alias").requestToken(RequestTokenRequest()).await()
    return InfinityConference.create(service = service, node = node, conferenceAlias = "alias", response = response)
}

fun presenting(event: ConferenceEvent) = event is PresentationStartConferenceEvent
`;
  const current = `package fixture.current

import com.pexip.sdk.api.infinity.InfinityService
import com.pexip.sdk.api.infinity.RequestTokenRequest
import com.pexip.sdk.conference.infinity.InfinityConference
import com.pexip.sdk.infinity.Node
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.map

suspend fun join(service: InfinityService, host: String): InfinityConference {
    val step = service.newRequest(Node(host)).conference("alias")
    return InfinityConference.create(step, step.requestToken(RequestTokenRequest(displayName = "Ann")).await())
}

fun presenting(conference: InfinityConference): Flow<Boolean> = conference.roster.presenter.map { it != null }
`;
  const diagnostics = await compileKotlin({
    mavenArtifacts: ['org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.10.2', 'org.jetbrains.kotlinx:kotlinx-datetime-jvm:0.6.2', 'com.squareup.okhttp3:okhttp-jvm:5.2.1'],
    sources: [...stubs, { name: 'Old.kt', code: old }, { name: 'Current.kt', code: current }],
  });
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const summary = errors.map((error) => `${error.file}:${error.line} ${error.message}`).join('\n');
  assert.ok(errors.every((error) => error.file === 'Old.kt'), `the stubs and the current calls compile cleanly:\n${summary}`);
  const lines = (pattern: RegExp) => errors.filter((error) => pattern.test(error.message)).map((error) => error.line);
  assert.ok(lines(/newRequest\(node: URL\).*deprecated/).includes(12), summary);
  assert.ok(lines(/fun create\(service: InfinityService.*deprecated/).includes(13), summary);
  // The old extension's import still compiles: the member Call.await() wins over it, so the
  // import is only unused. Pages drop it; the verifier cannot and need not fail it.
  assert.deepEqual(lines(/Moved to Call/), [], summary);
  assert.ok(lines(/PresentationStartConferenceEvent.*deprecated/).includes(16), summary);
});
