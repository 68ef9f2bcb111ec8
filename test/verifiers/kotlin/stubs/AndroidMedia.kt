// STUB (see Android.kt for what and why): android.media.projection.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.media.projection

import android.content.Intent

public class MediaProjection {
    public abstract class Callback {
        public open fun onStop() {}
    }
}

public class MediaProjectionManager {
    public fun createScreenCaptureIntent(): Intent = throw NotImplementedError()
}
