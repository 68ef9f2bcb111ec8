// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
// What: the Material Components views the tutorial pages call. Why: Material Components for
// Android is published on Google's Maven repository, which these machines cannot reach.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.google.android.material.button

import android.content.Context
import android.content.res.ColorStateList
import android.view.View

public open class MaterialButton(context: Context) : View(context) {
    public var strokeColor: ColorStateList? = null
    public var strokeWidth: Int = 0
    public fun setIconResource(iconResourceId: Int) {}
}
