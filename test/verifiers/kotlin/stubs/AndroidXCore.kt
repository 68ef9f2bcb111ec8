// STUB (see AndroidX.kt for what and why): androidx.core.app.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.core.app

import android.app.Notification
import android.app.Service
import android.content.Context

public class NotificationCompat private constructor() {
    public class Builder(context: Context, channelId: String) {
        public fun setSmallIcon(icon: Int): Builder = this
        public fun setContentTitle(title: CharSequence?): Builder = this
        public fun setContentText(text: CharSequence?): Builder = this
        public fun setOngoing(ongoing: Boolean): Builder = this
        public fun build(): Notification = throw NotImplementedError()
    }
}

public object ServiceCompat {
    public const val STOP_FOREGROUND_REMOVE: Int = 1
    public const val STOP_FOREGROUND_DETACH: Int = 2

    @JvmStatic
    public fun stopForeground(service: Service, flags: Int) {}

    @JvmStatic
    public fun startForeground(service: Service, id: Int, notification: Notification, foregroundServiceType: Int) {}
}
