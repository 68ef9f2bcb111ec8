// STUB (see AndroidX.kt for what and why): androidx.appcompat.app.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.appcompat.app

import androidx.fragment.app.FragmentActivity

public abstract class ActionBar {
    public abstract var title: CharSequence?
}

public open class AppCompatActivity : FragmentActivity() {
    public val supportActionBar: ActionBar? get() = throw NotImplementedError()
    public open fun onSupportNavigateUp(): Boolean = throw NotImplementedError()
}
