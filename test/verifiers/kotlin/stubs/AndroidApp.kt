// STUB (see Android.kt for what and why): android.app.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.app

import android.content.Context
import android.content.ContextWrapper
import android.content.Intent
import android.os.Bundle
import android.os.IBinder
import android.view.View

public open class Application : ContextWrapper()

public open class Activity : ContextWrapper() {
    public val application: Application get() = throw NotImplementedError()
    public open fun onCreate(savedInstanceState: Bundle?) {}
    public open fun setContentView(layoutResID: Int) {}
    public open fun <T : View> findViewById(id: Int): T = throw NotImplementedError()

    public companion object {
        public const val RESULT_OK: Int = -1
        public const val RESULT_CANCELED: Int = 0
    }
}

public abstract class Service : ContextWrapper() {
    public open fun onCreate() {}
    public open fun onDestroy() {}
    public abstract fun onBind(intent: Intent): IBinder?
    public fun startForeground(id: Int, notification: Notification) {}
    public fun startForeground(id: Int, notification: Notification, foregroundServiceType: Int) {}
}

public class Notification

public class NotificationChannel(id: String, name: CharSequence, importance: Int)

public class NotificationManager {
    public fun createNotificationChannel(channel: NotificationChannel) {}

    public companion object {
        public const val IMPORTANCE_LOW: Int = 2
        public const val IMPORTANCE_DEFAULT: Int = 3
    }
}
