// STUB (see PexipSdk.kt for what and why): InfinityConference of SDK 0.17.5.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.conference.infinity

import com.pexip.sdk.api.infinity.InfinityService
import com.pexip.sdk.api.infinity.RequestTokenResponse
import com.pexip.sdk.conference.Conference
import com.pexip.sdk.conference.ConferenceEventListener
import com.pexip.sdk.conference.Roster
import com.pexip.sdk.media.MediaConnectionSignaling
import java.net.URL

public class InfinityConference private constructor() : Conference {
    override val name: String get() = throw NotImplementedError()
    override val roster: Roster get() = throw NotImplementedError()
    override val signaling: MediaConnectionSignaling get() = throw NotImplementedError()
    override fun registerConferenceEventListener(listener: ConferenceEventListener): Unit = throw NotImplementedError()
    override fun unregisterConferenceEventListener(listener: ConferenceEventListener): Unit = throw NotImplementedError()
    override fun leave(): Unit = throw NotImplementedError()

    public companion object {
        @Deprecated(
            message = "Use a version of this method that accepts ConferenceStep",
            replaceWith = ReplaceWith("create(service.newRequest(node).conference(conferenceAlias)), response)"),
            level = DeprecationLevel.ERROR,
        )
        @JvmStatic
        public fun create(
            service: InfinityService,
            node: URL,
            conferenceAlias: String,
            response: RequestTokenResponse,
        ): InfinityConference = throw NotImplementedError()

        @JvmStatic
        public fun create(step: InfinityService.ConferenceStep, response: RequestTokenResponse): InfinityConference =
            throw NotImplementedError()
    }
}
