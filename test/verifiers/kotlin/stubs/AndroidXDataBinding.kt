// STUB (see AndroidX.kt for what and why): androidx.databinding.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.databinding

import android.view.View
import androidx.lifecycle.LifecycleOwner

@Target(AnnotationTarget.FUNCTION)
public annotation class BindingAdapter(vararg val value: String)

public abstract class ViewDataBinding {
    public abstract val root: View
    public var lifecycleOwner: LifecycleOwner? = null
}
