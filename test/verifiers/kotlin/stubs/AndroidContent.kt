// STUB (see Android.kt for what and why): android.content.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.content

import android.content.res.Resources
import android.os.IBinder

public abstract class Context {
    public abstract val applicationContext: Context
    public abstract val resources: Resources
    public fun getString(resId: Int): String = throw NotImplementedError()
    public fun getString(resId: Int, vararg formatArgs: Any?): String = throw NotImplementedError()
    public fun <T> getSystemService(serviceClass: Class<T>): T = throw NotImplementedError()
    public abstract fun bindService(service: Intent, conn: ServiceConnection, flags: Int): Boolean
    public abstract fun unbindService(conn: ServiceConnection)
    public abstract fun startActivity(intent: Intent)

    public companion object {
        public const val BIND_AUTO_CREATE: Int = 1
    }
}

public open class ContextWrapper : Context() {
    override val applicationContext: Context get() = throw NotImplementedError()
    override val resources: Resources get() = throw NotImplementedError()
    override fun bindService(service: Intent, conn: ServiceConnection, flags: Int): Boolean = throw NotImplementedError()
    override fun unbindService(conn: ServiceConnection): Unit = throw NotImplementedError()
    override fun startActivity(intent: Intent): Unit = throw NotImplementedError()
}

public open class Intent {
    public constructor()
    public constructor(packageContext: Context, cls: Class<*>)
}

public class ComponentName(pkg: String, cls: String)

public interface ServiceConnection {
    public fun onServiceConnected(name: ComponentName?, service: IBinder?)
    public fun onServiceDisconnected(name: ComponentName?)
}
