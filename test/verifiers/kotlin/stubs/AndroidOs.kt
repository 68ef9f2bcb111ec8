// STUB (see Android.kt for what and why): android.os.
@file:Suppress("unused", "UNUSED_PARAMETER")

package android.os

public class Bundle

public interface IBinder

public open class Binder : IBinder
