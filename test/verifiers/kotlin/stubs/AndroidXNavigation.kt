// STUB (see AndroidX.kt for what and why): androidx.navigation (runtime, fragment, ui, Safe Args).
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.navigation

public interface NavDirections {
    public val actionId: Int
}

public interface NavArgs

public open class NavController {
    public open fun navigate(directions: NavDirections) {}
    public open fun navigate(resId: Int) {}
    public open fun navigateUp(): Boolean = throw NotImplementedError()
    public open fun popBackStack(): Boolean = throw NotImplementedError()
}

public class NavArgsLazy<Args : NavArgs> : Lazy<Args> {
    override val value: Args get() = throw NotImplementedError()
    override fun isInitialized(): Boolean = throw NotImplementedError()
}
