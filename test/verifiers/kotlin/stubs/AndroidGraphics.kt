// STUB (see Android.kt for what and why): android.graphics.
@file:Suppress("unused")

package android.graphics

public object Color {
    public const val WHITE: Int = -1
    public const val BLACK: Int = -16777216
    public const val TRANSPARENT: Int = 0
}
