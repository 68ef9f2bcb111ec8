// STUB, for the content verifier only (test/content/kotlin-blocks.test.ts); never shipped.
// What: the AndroidX classes the tutorial pages call (lifecycle, fragment, activity results,
// AppCompat, Navigation with Safe Args, Data Binding, core), with the members they use.
// Why: AndroidX is published on Google's Maven repository, which these machines cannot reach.
// Names and signatures follow the AndroidX API reference; bodies never run.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.lifecycle

import android.app.Application
import kotlinx.coroutines.CoroutineScope

public interface LifecycleOwner

public interface ViewModelStoreOwner

public abstract class ViewModel {
    protected open fun onCleared() {}
}

public open class AndroidViewModel(application: Application) : ViewModel() {
    public fun <T : Application> getApplication(): T = throw NotImplementedError()
}

public val ViewModel.viewModelScope: CoroutineScope get() = throw NotImplementedError()

public fun interface Observer<T> {
    public fun onChanged(value: T)
}

public abstract class LiveData<T> {
    public constructor()
    public constructor(value: T)
    public open val value: T? get() = throw NotImplementedError()
    public fun observe(owner: LifecycleOwner, observer: Observer<in T>) {}
}

public open class MutableLiveData<T> : LiveData<T> {
    public constructor() : super()
    public constructor(value: T) : super(value)
    override var value: T?
        get() = throw NotImplementedError()
        set(value) {}
    public fun postValue(value: T) {}
}

public open class ViewModelProvider(owner: ViewModelStoreOwner, factory: Factory) {
    public operator fun <T : ViewModel> get(modelClass: Class<T>): T = throw NotImplementedError()

    public interface Factory {
        public fun <T : ViewModel> create(modelClass: Class<T>): T = throw NotImplementedError()
    }
}
