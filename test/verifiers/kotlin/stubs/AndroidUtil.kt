// STUB (see Android.kt for what and why): android.util.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.util

public interface AttributeSet

public object Log {
    @JvmStatic public fun d(tag: String?, msg: String): Int = 0
    @JvmStatic public fun i(tag: String?, msg: String): Int = 0
    @JvmStatic public fun w(tag: String?, msg: String): Int = 0
    @JvmStatic public fun w(tag: String?, msg: String?, tr: Throwable?): Int = 0
    @JvmStatic public fun e(tag: String?, msg: String): Int = 0
    @JvmStatic public fun e(tag: String?, msg: String?, tr: Throwable?): Int = 0
}
