// STUB (see Android.kt for what and why): android.view.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.view

import android.content.Context
import android.content.res.Resources
import android.util.AttributeSet

public open class View(context: Context, attrs: AttributeSet? = null) {
    public var visibility: Int = VISIBLE
    public val resources: Resources get() = throw NotImplementedError()
    public val context: Context get() = throw NotImplementedError()
    public fun setOnClickListener(listener: OnClickListener?) {}

    public fun interface OnClickListener {
        public fun onClick(view: View)
    }

    public companion object {
        public const val VISIBLE: Int = 0
        public const val INVISIBLE: Int = 4
        public const val GONE: Int = 8
    }
}

public open class ViewGroup(context: Context, attrs: AttributeSet? = null) : View(context, attrs)

public open class SurfaceView(context: Context, attrs: AttributeSet? = null) : View(context, attrs) {
    public fun setZOrderMediaOverlay(isMediaOverlay: Boolean) {}
    public fun setZOrderOnTop(onTop: Boolean) {}
}

public abstract class LayoutInflater
