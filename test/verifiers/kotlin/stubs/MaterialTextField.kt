// STUB (see Material.kt for what and why): com.google.android.material.textfield.
@file:Suppress("unused")

package com.google.android.material.textfield

import android.content.Context
import android.text.Editable
import android.view.View

public open class TextInputEditText(context: Context) : View(context) {
    public val text: Editable? get() = throw NotImplementedError()
}
