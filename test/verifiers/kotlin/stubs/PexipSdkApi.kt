// STUB (see PexipSdk.kt for what and why): com.pexip.sdk.api of SDK 0.17.5, the parts the pages use.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.api

public interface Call<T> {
    public suspend fun await(): T

    @Deprecated(message = "Use suspending await() instead.", level = DeprecationLevel.WARNING)
    public fun execute(): T

    @Deprecated(message = "Use suspending await() instead.", level = DeprecationLevel.WARNING)
    public fun enqueue(callback: Callback<T>)

    @Deprecated(message = "Use suspending await() instead.", level = DeprecationLevel.WARNING)
    public fun cancel()
}

public interface Callback<T> {
    public fun onSuccess(call: Call<T>, response: T)
    public fun onFailure(call: Call<T>, t: Throwable)
}
