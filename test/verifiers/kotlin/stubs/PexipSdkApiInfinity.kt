// STUB (see PexipSdk.kt for what and why): com.pexip.sdk.api.infinity of SDK 0.17.5, the parts the
// pages use.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.api.infinity

import com.pexip.sdk.api.Call
import com.pexip.sdk.infinity.Node
import com.pexip.sdk.infinity.ParticipantId
import okhttp3.OkHttpClient
import java.net.URL

public interface InfinityService {

    public fun newRequest(node: Node): RequestBuilder

    @Deprecated(message = "Superseded by a variant that accepts an instance of Node.", level = DeprecationLevel.ERROR)
    public fun newRequest(node: URL): RequestBuilder

    public interface RequestBuilder {
        public val node: Node
        public fun status(): Call<Boolean>
        public fun conference(conferenceAlias: String): ConferenceStep
    }

    public interface ConferenceStep {
        public val conferenceAlias: String
        public fun requestToken(request: RequestTokenRequest): Call<RequestTokenResponse>
        public fun requestToken(request: RequestTokenRequest, pin: String): Call<RequestTokenResponse>
        public fun conference(conferenceAlias: String): ConferenceStep
    }

    public companion object {
        @JvmStatic
        @JvmOverloads
        public fun create(client: OkHttpClient = OkHttpClient()): InfinityService = throw NotImplementedError()
    }
}

public data class RequestTokenRequest(
    val conferenceExtension: String? = null,
    val displayName: String? = null,
    val chosenIdp: IdentityProviderId? = null,
    val ssoToken: String? = null,
    val incomingToken: String? = null,
    val registrationToken: String? = null,
    val directMedia: Boolean = false,
    val callTag: String = "",
    val breakoutCapable: Boolean = false,
)

@JvmInline
public value class IdentityProviderId(internal val value: String)

/** Only the properties a page could read; the real class has more. */
public class RequestTokenResponse private constructor(
    public val token: String,
    public val conferenceName: String,
    public val participantId: ParticipantId,
    public val participantName: String,
    public val directMedia: Boolean,
)

public class RequiredPinException(public val guestPin: Boolean) : RuntimeException()

public class InvalidPinException @JvmOverloads constructor(message: String? = null) : RuntimeException(message)

public class NoSuchConferenceException @JvmOverloads constructor(message: String? = null) : RuntimeException(message)

public class NoSuchNodeException : RuntimeException()

public class InvalidTokenException @JvmOverloads constructor(message: String? = null) : RuntimeException(message)
