// STUB (see AndroidX.kt for what and why): androidx.activity.result.contract.
@file:Suppress("unused", "UNUSED_PARAMETER", "ClassName")

package androidx.activity.result.contract

import android.content.Intent
import androidx.activity.result.ActivityResult

public abstract class ActivityResultContract<I, O>

public class ActivityResultContracts private constructor() {
    public class RequestMultiplePermissions : ActivityResultContract<Array<String>, Map<String, Boolean>>()
    public class RequestPermission : ActivityResultContract<String, Boolean>()
    public class StartActivityForResult : ActivityResultContract<Intent, ActivityResult>()
}
