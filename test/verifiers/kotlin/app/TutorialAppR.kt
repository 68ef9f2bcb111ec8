// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
// What: the classes the Android build tools generate for the tutorial app (pexip-tutorial-android):
// R from the resources, the Data Binding classes from the layouts, and the Safe Args classes from
// the navigation graph. Why: they exist only inside a Gradle build with the Android plugin.
// Contents: the strings, dimensions, ids and arguments that the pages' XML declares, and the
// drawables the repository ships in res/drawable, so a sample that names a resource no page
// declares fails here as it would in Android Studio. Bindings and arguments are those of the
// finished app (a superset of every step).
@file:Suppress("unused", "ClassName")

package com.example.pexipconference

public object R {
    public object layout {
        public const val activity_main: Int = 1
        public const val fragment_form: Int = 2
        public const val fragment_conference: Int = 3
        public const val fragment_pin: Int = 4
    }

    public object id {
        public const val nav_host_fragment: Int = 10
        public const val navigation: Int = 11
        public const val formFragment: Int = 12
        public const val conferenceFragment: Int = 13
        public const val pinFragment: Int = 14
    }

    public object string {
        public const val app_name: Int = 100
        public const val node_hint: Int = 101
        public const val vmr_hint: Int = 102
        public const val display_name_hint: Int = 103
        public const val join: Int = 104
        public const val fill_all_fields: Int = 105
        public const val hang_up: Int = 106
        public const val grant_media_permissions: Int = 107
        public const val conference_not_found: Int = 108
        public const val cannot_connect: Int = 109
        public const val pin_title: Int = 110
        public const val pin_hint: Int = 111
        public const val pin_explanation: Int = 112
        public const val wrong_pin: Int = 113
        public const val mute_audio: Int = 114
        public const val mute_video: Int = 115
        public const val change_camera: Int = 116
        public const val swap_videos: Int = 117
        public const val share_screen: Int = 118
        public const val screen_sharing_channel: Int = 119
        public const val screen_sharing_notification: Int = 120
    }

    public object drawable {
        public const val camera_switch: Int = 200
        public const val hang_up_icon: Int = 201
        public const val mic_icon: Int = 202
        public const val mic_off_icon: Int = 203
        public const val present_all: Int = 204
        public const val videocam_icon: Int = 205
        public const val videocam_off_icon: Int = 206
    }

    public object dimen {
        public const val button_ring: Int = 300
    }
}
