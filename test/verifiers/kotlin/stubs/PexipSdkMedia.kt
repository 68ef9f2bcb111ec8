// STUB (see PexipSdk.kt for what and why): com.pexip.sdk.media of SDK 0.17.5, the parts the pages use.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.media

public interface MediaConnectionSignaling {
    public val directMedia: Boolean
    public val iceServers: List<IceServer>
}

public interface Renderer

public interface VideoTrack {
    public fun addRenderer(renderer: Renderer)
    public fun removeRenderer(renderer: Renderer)
}

public interface LocalMediaTrack {
    public val capturing: Boolean
    public fun startCapture()
    public fun stopCapture()
    public fun registerCapturingListener(listener: CapturingListener)
    public fun unregisterCapturingListener(listener: CapturingListener)
    public fun dispose()

    public fun interface CapturingListener {
        public fun onCapturing(capturing: Boolean)
    }
}

public interface LocalAudioTrack : LocalMediaTrack

public interface LocalVideoTrack : LocalMediaTrack, VideoTrack {
    public fun startCapture(profile: QualityProfile)
}

public interface CameraVideoTrack : LocalVideoTrack {
    public fun switchCamera(callback: SwitchCameraCallback)
    public fun switchCamera(deviceName: String, callback: SwitchCameraCallback)

    public interface Callback {
        public fun onCameraDisconnected()
    }

    public interface SwitchCameraCallback {
        public fun onSuccess(deviceName: String)
        public fun onFailure(error: String)
    }
}

public data class QualityProfile(public val width: Int, public val height: Int, public val fps: Int) {
    public companion object {
        @JvmField public val VeryHigh: QualityProfile = QualityProfile(1920, 1080, 30)
        @JvmField public val High: QualityProfile = QualityProfile(1280, 720, 25)
        @JvmField public val Medium: QualityProfile = QualityProfile(720, 480, 25)
        @JvmField public val Low: QualityProfile = QualityProfile(640, 360, 15)
    }
}

public class IceServer private constructor(
    public val urls: Collection<String>,
    public val username: String,
    public val password: String,
) {
    public class Builder(private val urls: Collection<String>) {
        public constructor(url: String) : this(listOf(url))
        public fun username(username: String): Builder = this
        public fun password(password: String): Builder = this
        public fun build(): IceServer = throw NotImplementedError()
    }
}

public class MediaConnectionConfig private constructor(public val signaling: MediaConnectionSignaling) {
    public class Builder(private val signaling: MediaConnectionSignaling) {
        public fun addIceServer(iceServer: IceServer): Builder = this
        public fun dscp(dscp: Boolean): Builder = this
        public fun presentationInMain(presentationInMain: Boolean): Builder = this
        public fun farEndCameraControl(farEndCameraControl: Boolean): Builder = this
        public fun syncAudioMute(syncAudioMute: Boolean): Builder = this
        public fun syncVideoMute(syncVideoMute: Boolean): Builder = this
        public fun build(): MediaConnectionConfig = throw NotImplementedError()
    }
}

public interface MediaConnection {
    public val mainRemoteVideoTrack: VideoTrack?
    public val presentationRemoteVideoTrack: VideoTrack?
    public fun start()
    public fun dispose()
    public fun setMainAudioTrack(localAudioTrack: LocalAudioTrack?)
    public fun setMainVideoTrack(localVideoTrack: LocalVideoTrack?)
    public fun setPresentationVideoTrack(localVideoTrack: LocalVideoTrack?)
    public fun setMainRemoteAudioTrackEnabled(enabled: Boolean)
    public fun setMainRemoteVideoTrackEnabled(enabled: Boolean)
    public fun setPresentationRemoteVideoTrackEnabled(enabled: Boolean)
    public fun dtmf(digits: String)
    public fun registerMainRemoteVideoTrackListener(listener: RemoteVideoTrackListener)
    public fun unregisterMainRemoteVideoTrackListener(listener: RemoteVideoTrackListener)
    public fun registerPresentationRemoteVideoTrackListener(listener: RemoteVideoTrackListener)
    public fun unregisterPresentationRemoteVideoTrackListener(listener: RemoteVideoTrackListener)

    public fun interface RemoteVideoTrackListener {
        public fun onRemoteVideoTrack(videoTrack: VideoTrack?)
    }
}

public interface LocalAudioTrackFactory {
    public fun createLocalAudioTrack(): LocalAudioTrack
}

public interface CameraVideoTrackFactory {
    public fun getDeviceNames(): List<String>
    public fun isFrontFacing(deviceName: String): Boolean
    public fun isBackFacing(deviceName: String): Boolean
    public fun getQualityProfiles(deviceName: String): List<QualityProfile>
    public fun createCameraVideoTrack(callback: CameraVideoTrack.Callback): CameraVideoTrack
    public fun createCameraVideoTrack(deviceName: String, callback: CameraVideoTrack.Callback): CameraVideoTrack
}

public interface MediaConnectionFactory : LocalAudioTrackFactory, CameraVideoTrackFactory {
    public fun createMediaConnection(config: MediaConnectionConfig): MediaConnection
    public fun dispose()
}
