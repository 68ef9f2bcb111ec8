// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
// What: the few org.webrtc classes the Android pages call (EglBase, RendererCommon, the renderer
// view), as in the com.pexip.webrtc build the SDK 0.17.5 depends on. Why: that AAR is not on the
// Maven Central these machines reach. Names and signatures follow WebRTC's Java API; bodies never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package org.webrtc

import android.content.Context
import android.util.AttributeSet
import android.view.SurfaceView

public interface EglBase {
    public interface Context

    public val eglBaseContext: Context

    public fun release()

    public companion object {
        @JvmStatic
        public fun create(): EglBase = throw NotImplementedError()
    }
}

public class RendererCommon private constructor() {
    public enum class ScalingType { SCALE_ASPECT_FIT, SCALE_ASPECT_FILL, SCALE_ASPECT_BALANCED }

    public interface RendererEvents {
        public fun onFirstFrameRendered()
        public fun onFrameResolutionChanged(videoWidth: Int, videoHeight: Int, rotation: Int)
    }
}

public open class SurfaceViewRenderer : SurfaceView {
    public constructor(context: Context) : super(context)
    public constructor(context: Context, attrs: AttributeSet?) : super(context, attrs)

    public fun init(sharedContext: EglBase.Context?, rendererEvents: RendererCommon.RendererEvents?): Unit = throw NotImplementedError()
    public fun release(): Unit = throw NotImplementedError()
    public fun setMirror(mirror: Boolean): Unit = throw NotImplementedError()
    public fun setScalingType(scalingType: RendererCommon.ScalingType): Unit = throw NotImplementedError()
    public fun setEnableHardwareScaler(enabled: Boolean): Unit = throw NotImplementedError()
    public fun clearImage(): Unit = throw NotImplementedError()
}
