// STUB (see TutorialAppR.kt for what and why): the Data Binding classes of the tutorial's layouts.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.example.pexipconference.databinding

import android.view.LayoutInflater
import android.view.View
import android.view.ViewGroup
import androidx.databinding.ViewDataBinding
import com.example.pexipconference.screens.conference.ConferenceViewModel
import com.google.android.material.button.MaterialButton
import com.google.android.material.textfield.TextInputEditText
import com.pexip.sdk.media.webrtc.SurfaceViewRenderer

public abstract class FragmentFormBinding : ViewDataBinding() {
    public abstract val nodeInput: TextInputEditText
    public abstract val vmrInput: TextInputEditText
    public abstract val displayNameInput: TextInputEditText
    public abstract val joinButton: MaterialButton

    public companion object {
        @JvmStatic
        public fun inflate(inflater: LayoutInflater, root: ViewGroup?, attachToRoot: Boolean): FragmentFormBinding = throw NotImplementedError()
    }
}

public abstract class FragmentPinBinding : ViewDataBinding() {
    public abstract val pinInput: TextInputEditText
    public abstract val joinButton: MaterialButton

    public companion object {
        @JvmStatic
        public fun inflate(inflater: LayoutInflater, root: ViewGroup?, attachToRoot: Boolean): FragmentPinBinding = throw NotImplementedError()
    }
}

public abstract class FragmentConferenceBinding : ViewDataBinding() {
    public abstract val mainVideoSurface: SurfaceViewRenderer
    public abstract val localVideoSurface: SurfaceViewRenderer
    public abstract val secondaryVideoSurface: SurfaceViewRenderer
    public abstract val localVideoCard: View
    public abstract val secondaryVideoCard: View
    public abstract val progressBar: View
    public abstract val buttonBar: View
    public abstract val hangUpButton: MaterialButton
    public abstract val muteAudioButton: MaterialButton
    public abstract val muteVideoButton: MaterialButton
    public abstract val changeCameraButton: MaterialButton
    public abstract val shareScreenButton: MaterialButton
    public abstract var viewModel: ConferenceViewModel?

    public companion object {
        @JvmStatic
        public fun inflate(inflater: LayoutInflater, root: ViewGroup?, attachToRoot: Boolean): FragmentConferenceBinding = throw NotImplementedError()
    }
}
