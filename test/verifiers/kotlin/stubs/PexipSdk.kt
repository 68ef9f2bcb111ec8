// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
//
// What: the part of the Pexip Android SDK 0.17.5 public API that the Android tutorial pages use
// (modules sdk-api, sdk-infinity, sdk-conference, sdk-media, sdk-media-android, sdk-media-webrtc).
// Why: the com.pexip.sdk artifacts are not served by the Maven Central these machines reach (every
// version answers 404), so the real classes cannot be put on the classpath. These declarations were
// written by hand from the 0.17.5 tag of pexip/pexip-android-sdk (its api/*.api dumps and sources):
// the same packages, names, parameter names and types, nullability, `suspend`, and every
// @Deprecated level that matters to a reader (ERROR-level ones fail the verifier as they fail a
// Gradle build). Members the pages do not use are left out; bodies never run.
// test/content/kotlin-stand-ins.test.ts holds them against the SDK's API dumps of the pinned tag.
// When the SDK gets a new pin in content/sample-checks.json, re-check these against that tag.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.infinity

public data class Node(val host: String, val port: Int = 443)

@JvmInline
public value class ParticipantId(public val value: String)

public enum class Role { HOST, GUEST, UNKNOWN }

public enum class ServiceType { CONNECTING, WAITING_ROOM, IVR, CONFERENCE, LECTURE, GATEWAY, TEST_CALL, UNKNOWN }
