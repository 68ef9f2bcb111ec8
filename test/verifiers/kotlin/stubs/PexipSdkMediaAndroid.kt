// STUB (see PexipSdk.kt for what and why): sdk-media-android and sdk-media-webrtc of SDK 0.17.5,
// the parts the pages use.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.media.android

import android.content.Intent
import android.media.projection.MediaProjection
import com.pexip.sdk.media.LocalVideoTrack

public interface MediaProjectionVideoTrackFactory {
    public fun createMediaProjectionVideoTrack(intent: Intent, callback: MediaProjection.Callback): LocalVideoTrack
}
