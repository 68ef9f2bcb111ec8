// STUB (see PexipSdk.kt for what and why): sdk-media-webrtc of SDK 0.17.5, the parts the pages use.
// The real factory's constructor is private: it is built only with its Builder.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.media.webrtc

import android.content.Context
import android.content.Intent
import android.media.projection.MediaProjection
import android.util.AttributeSet
import com.pexip.sdk.media.CameraVideoTrack
import com.pexip.sdk.media.CameraVideoTrackFactory
import com.pexip.sdk.media.LocalAudioTrack
import com.pexip.sdk.media.LocalAudioTrackFactory
import com.pexip.sdk.media.LocalVideoTrack
import com.pexip.sdk.media.MediaConnection
import com.pexip.sdk.media.MediaConnectionConfig
import com.pexip.sdk.media.MediaConnectionFactory
import com.pexip.sdk.media.QualityProfile
import com.pexip.sdk.media.Renderer
import com.pexip.sdk.media.android.MediaProjectionVideoTrackFactory
import org.webrtc.EglBase

public class SurfaceViewRenderer : org.webrtc.SurfaceViewRenderer, Renderer {
    public constructor(context: Context) : super(context)
    public constructor(context: Context, attrs: AttributeSet?) : super(context, attrs)
}

public class WebRtcMediaConnectionFactory private constructor() :
    MediaConnectionFactory,
    LocalAudioTrackFactory,
    CameraVideoTrackFactory,
    MediaProjectionVideoTrackFactory {
    override fun getDeviceNames(): List<String> = throw NotImplementedError()
    override fun isFrontFacing(deviceName: String): Boolean = throw NotImplementedError()
    override fun isBackFacing(deviceName: String): Boolean = throw NotImplementedError()
    override fun getQualityProfiles(deviceName: String): List<QualityProfile> = throw NotImplementedError()
    override fun createLocalAudioTrack(): LocalAudioTrack = throw NotImplementedError()
    override fun createCameraVideoTrack(callback: CameraVideoTrack.Callback): CameraVideoTrack = throw NotImplementedError()
    override fun createCameraVideoTrack(deviceName: String, callback: CameraVideoTrack.Callback): CameraVideoTrack = throw NotImplementedError()
    override fun createMediaProjectionVideoTrack(intent: Intent, callback: MediaProjection.Callback): LocalVideoTrack = throw NotImplementedError()
    override fun createMediaConnection(config: MediaConnectionConfig): MediaConnection = throw NotImplementedError()
    override fun dispose(): Unit = throw NotImplementedError()

    public class Builder(context: Context) {
        public fun eglBase(eglBase: EglBase): Builder = this
        public fun build(): WebRtcMediaConnectionFactory = throw NotImplementedError()
    }

    public companion object {
        @JvmStatic
        public fun initialize(context: Context): Unit = throw NotImplementedError()
    }
}
