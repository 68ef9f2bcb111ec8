// STUB (see PexipSdk.kt for what and why): com.pexip.sdk.conference of SDK 0.17.5, the parts the
// pages use.
@file:Suppress("unused", "UNUSED_PARAMETER")

package com.pexip.sdk.conference

import com.pexip.sdk.infinity.ParticipantId
import com.pexip.sdk.infinity.Role
import com.pexip.sdk.infinity.ServiceType
import com.pexip.sdk.media.MediaConnectionSignaling
import kotlinx.coroutines.flow.StateFlow
import kotlinx.datetime.Instant

public interface Conference {
    public val name: String
    public val roster: Roster
    public val signaling: MediaConnectionSignaling
    public fun registerConferenceEventListener(listener: ConferenceEventListener)
    public fun unregisterConferenceEventListener(listener: ConferenceEventListener)
    public fun leave()
}

public fun interface ConferenceEventListener {
    public fun onConferenceEvent(event: ConferenceEvent)
}

public sealed interface ConferenceEvent {
    public val at: Instant
}

@Deprecated(message = "Use Roster.presenter instead to observe presentation state.", level = DeprecationLevel.ERROR)
public data class PresentationStartConferenceEvent(
    override val at: Instant,
    val presenterId: ParticipantId,
    val presenterName: String,
) : ConferenceEvent

@Deprecated(message = "Use Roster.presenter instead to observe presentation state.", level = DeprecationLevel.ERROR)
public data class PresentationStopConferenceEvent(override val at: Instant) : ConferenceEvent

public data class ReferConferenceEvent(override val at: Instant, val conferenceAlias: String, val token: String) : ConferenceEvent

public data class DisconnectConferenceEvent(override val at: Instant, val reason: String) : ConferenceEvent

public data class FailureConferenceEvent(override val at: Instant, val t: Throwable) : ConferenceEvent

public interface Roster {
    public val participants: StateFlow<List<Participant>>
    public val me: StateFlow<Participant?>
    public val presenter: StateFlow<Participant?>
}

/** The SDK's whole primary constructor, in its order: positional calls and destructuring depend on it. */
public data class Participant(
    val id: ParticipantId,
    val role: Role,
    val serviceType: ServiceType,
    val startTime: Instant?,
    val buzzTime: Instant?,
    val spotlightTime: Instant?,
    val displayName: String,
    val overlayText: String,
    val me: Boolean = false,
    val speaking: Boolean = false,
    val audioMuted: Boolean = false,
    val videoMuted: Boolean = false,
    val presenting: Boolean = false,
    val muteSupported: Boolean = false,
    val transferSupported: Boolean = false,
    val disconnectSupported: Boolean = false,
    val callTag: String = "",
    val clientAudioMuted: Boolean = audioMuted,
)
