// STUB (see TutorialAppSafeArgs.kt): the conference destination's arguments and actions.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.example.pexipconference.screens.conference

import androidx.navigation.NavArgs
import androidx.navigation.NavDirections

public data class ConferenceFragmentArgs(
    val node: String,
    val vmr: String,
    val displayName: String,
    val pin: String? = null,
) : NavArgs

public class ConferenceFragmentDirections private constructor() {
    public companion object {
        public fun actionConferenceFragmentToPinFragment(node: String, vmr: String, displayName: String): NavDirections =
            throw NotImplementedError()
    }
}
