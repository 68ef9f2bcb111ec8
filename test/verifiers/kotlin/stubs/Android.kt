// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
// What: the Android framework classes the tutorial pages call, with the members they use.
// Why: android.jar comes with the Android SDK, which is not on Maven Central. Names and signatures
// follow the Android API reference (API 36). Getters are Kotlin properties here, as Kotlin shows
// Java getters; where android.jar says "recently nullable" (a warning in a real build) these stubs
// are non-null. Bodies never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android

public object Manifest {
    public object permission {
        public const val CAMERA: String = "android.permission.CAMERA"
        public const val RECORD_AUDIO: String = "android.permission.RECORD_AUDIO"
        public const val INTERNET: String = "android.permission.INTERNET"
        public const val FOREGROUND_SERVICE: String = "android.permission.FOREGROUND_SERVICE"
        public const val POST_NOTIFICATIONS: String = "android.permission.POST_NOTIFICATIONS"
    }
}

public object R {
    public object id {
        public const val content: Int = 0x01020002
    }
}
