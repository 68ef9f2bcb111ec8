// STUB (see Android.kt for what and why): android.content.res.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.content.res

public class Resources {
    public fun getDimensionPixelSize(id: Int): Int = throw NotImplementedError()
}

public class ColorStateList {
    public companion object {
        @JvmStatic
        public fun valueOf(color: Int): ColorStateList = throw NotImplementedError()
    }
}
