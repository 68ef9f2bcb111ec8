// STUB (see AndroidX.kt for what and why): androidx.navigation.fragment.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.navigation.fragment

import androidx.fragment.app.Fragment
import androidx.navigation.NavArgs
import androidx.navigation.NavArgsLazy
import androidx.navigation.NavController

public open class NavHostFragment : Fragment() {
    public val navController: NavController get() = throw NotImplementedError()
}

public fun Fragment.findNavController(): NavController = throw NotImplementedError()

public inline fun <reified Args : NavArgs> Fragment.navArgs(): NavArgsLazy<Args> = throw NotImplementedError()
