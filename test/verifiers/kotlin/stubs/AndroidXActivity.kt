// STUB (see AndroidX.kt for what and why): androidx.activity.result.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.activity.result

import android.content.Intent

public fun interface ActivityResultCallback<O> {
    public fun onActivityResult(result: O)
}

public abstract class ActivityResultLauncher<I> {
    public fun launch(input: I) {}
}

public class ActivityResult(public val resultCode: Int, public val data: Intent?)
