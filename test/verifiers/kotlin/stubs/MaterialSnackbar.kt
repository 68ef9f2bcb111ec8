// STUB (see Material.kt for what and why): com.google.android.material.snackbar.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.google.android.material.snackbar

import android.view.View

public class Snackbar private constructor() {
    public fun show() {}

    public companion object {
        public const val LENGTH_INDEFINITE: Int = -2
        public const val LENGTH_SHORT: Int = -1
        public const val LENGTH_LONG: Int = 0

        @JvmStatic
        public fun make(view: View, text: CharSequence, duration: Int): Snackbar = throw NotImplementedError()

        @JvmStatic
        public fun make(view: View, resId: Int, duration: Int): Snackbar = throw NotImplementedError()
    }
}
