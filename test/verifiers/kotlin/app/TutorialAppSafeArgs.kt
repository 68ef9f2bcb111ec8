// STUB (see TutorialAppR.kt for what and why): the Safe Args classes of the navigation graph on
// the App architecture page (res/navigation/navigation.xml). `pin` is a nullable string argument
// with android:defaultValue="@null", so Safe Args gives its parameter the default null.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.example.pexipconference.screens.form

import androidx.navigation.NavDirections

public class FormFragmentDirections private constructor() {
    public companion object {
        public fun actionFormFragmentToConferenceFragment(
            node: String,
            vmr: String,
            displayName: String,
            pin: String? = null,
        ): NavDirections = throw NotImplementedError()
    }
}
