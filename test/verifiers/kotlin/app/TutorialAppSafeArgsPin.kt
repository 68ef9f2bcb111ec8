// STUB (see TutorialAppSafeArgs.kt): the PIN destination's arguments and actions.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.example.pexipconference.screens.pin

import androidx.navigation.NavArgs
import androidx.navigation.NavDirections

public data class PinFragmentArgs(val node: String, val vmr: String, val displayName: String) : NavArgs

public class PinFragmentDirections private constructor() {
    public companion object {
        public fun actionPinFragmentToConferenceFragment(node: String, vmr: String, displayName: String, pin: String? = null): NavDirections =
            throw NotImplementedError()
    }
}
