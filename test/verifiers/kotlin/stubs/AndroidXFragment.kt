// STUB (see AndroidX.kt for what and why): androidx.fragment.app.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.fragment.app

import android.content.Context
import android.os.Bundle
import android.view.LayoutInflater
import android.view.View
import android.view.ViewGroup
import androidx.activity.result.ActivityResultCallback
import androidx.activity.result.ActivityResultLauncher
import androidx.activity.result.contract.ActivityResultContract
import androidx.lifecycle.LifecycleOwner
import androidx.lifecycle.ViewModelStoreOwner

public open class FragmentActivity : android.app.Activity(), LifecycleOwner, ViewModelStoreOwner {
    public val supportFragmentManager: FragmentManager get() = throw NotImplementedError()
}

public abstract class FragmentManager {
    public abstract fun findFragmentById(id: Int): Fragment?
}

public open class Fragment : LifecycleOwner, ViewModelStoreOwner {
    public val viewLifecycleOwner: LifecycleOwner get() = throw NotImplementedError()
    public val arguments: Bundle? get() = throw NotImplementedError()
    public open fun onCreateView(inflater: LayoutInflater, container: ViewGroup?, savedInstanceState: Bundle?): View? = null
    public open fun onViewCreated(view: View, savedInstanceState: Bundle?) {}
    public open fun onStart() {}
    public open fun onStop() {}
    public open fun onDestroyView() {}
    public fun requireActivity(): FragmentActivity = throw NotImplementedError()
    public fun requireContext(): Context = throw NotImplementedError()
    public fun getString(resId: Int): String = throw NotImplementedError()
    public fun getString(resId: Int, vararg formatArgs: Any?): String = throw NotImplementedError()
    public fun <I, O> registerForActivityResult(
        contract: ActivityResultContract<I, O>,
        callback: ActivityResultCallback<O>,
    ): ActivityResultLauncher<I> = throw NotImplementedError()
}
