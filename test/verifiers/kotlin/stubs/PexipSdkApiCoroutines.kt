// STUB (see PexipSdk.kt for what and why): the extension that 0.17.0 moved into Call as a member.
@file:Suppress("unused", "EXTENSION_SHADOWED_BY_MEMBER")
@file:JvmName("CallUtilKt")

package com.pexip.sdk.api.coroutines

import com.pexip.sdk.api.Call

@Deprecated("Moved to Call", level = DeprecationLevel.ERROR)
public suspend fun <T> Call<T>.await(): T = await()
