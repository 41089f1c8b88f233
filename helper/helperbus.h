#pragma once

#include "safety/labs.h"
#include "safety/playbacks.h"
#include "safety/revertreason.h"
#include "safety/treelimits.h"

#include <QLatin1String>

/**
 * Names and limits shared by qdisc-studio-helper and its clients. The interface itself is
 * resources/dbus/org.qdiscstudio.Helper1.xml; both sides are generated from it.
 */
namespace qs::HelperBus {

inline constexpr QLatin1String Service{"org.qdiscstudio.Helper1"};
inline constexpr QLatin1String Path{"/org/qdiscstudio/Helper1"};
inline constexpr QLatin1String Interface{"org.qdiscstudio.Helper1"};

/** polkit actions (resources/polkit/org.qdiscstudio.policy). */
inline constexpr QLatin1String ApplyAction{"org.qdiscstudio.apply"};
inline constexpr QLatin1String ReadAction{"org.qdiscstudio.read"};
/**
 * The demo lab: creating one, and changing or reading the caller's own lab (its target, its two
 * namespaces). Granted without a password in an active session: it touches nothing outside the
 * two namespaces it makes.
 */
inline constexpr QLatin1String LabAction{"org.qdiscstudio.lab"};

/** Demo labs at once, of all clients, and of one user (core/safety/labs.h). */
inline constexpr int MaxLabs = Labs::MaxLabs;
inline constexpr int MaxLabsPerUser = Labs::MaxLabsPerUser;

/** Scenario playbacks of one user at once, and how long one plays on once its client left (core/safety/playbacks.h). */
inline constexpr int MaxPlaybacksPerUser = Playbacks::MaxPerUser;
inline constexpr int DefaultOwnerlessPlaybackSeconds = Playbacks::DefaultOwnerlessLimitMs / 1000;

/** Keys of Apply's options. */
inline constexpr QLatin1String RevertAfterSeconds{"revertAfterSeconds"};
inline constexpr QLatin1String RevertOnExit{"revertOnExit"};
inline constexpr unsigned MaxRevertSeconds = 24 * 60 * 60;
/** PlayScenario's option: passes through the steps (u, 0 = forever), overriding the scenario's. */
inline constexpr QLatin1String ScenarioLoops{"loops"};
/** PlayScenario's option: step 1 due at this CLOCK_MONOTONIC time of the helper (x, ns), at most MaxScenarioStartLeadMs ahead. */
inline constexpr QLatin1String ScenarioStartAt{"startAt"};
inline constexpr qint64 MaxScenarioStartLeadMs = Playbacks::MaxStartLeadMs;

/** Reasons carried by the Reverted signal. */
inline constexpr QLatin1String RevertedTimeout = RevertReason::Timeout;
inline constexpr QLatin1String RevertedClientExit = RevertReason::ClientExit;
inline constexpr QLatin1String RevertedRestore = RevertReason::Restore;
inline constexpr QLatin1String RevertedHelperExit = RevertReason::HelperExit;

/** The sizes a tree may have, the kernel's own: one rule for every road (core/safety/treelimits.h). */
inline constexpr qsizetype MaxTreeDocumentBytes = TreeLimits::MaxDocumentBytes;
inline constexpr qsizetype MaxQdiscs = TreeLimits::MaxQdiscs;
inline constexpr qsizetype MaxClassesPerQdisc = TreeLimits::MaxClassesPerQdisc;
inline constexpr qsizetype MaxFilters = TreeLimits::MaxFilters;
/** A ChangeNode document (one class or one qdisc) larger than this is refused unread. */
inline constexpr qsizetype MaxNodeDocumentBytes = 64 * 1024;
/** All arguments of a call but its document (targets, ids, options): larger calls are not read at all (BusRelay). */
inline constexpr qsizetype MaxSmallArgumentsBytes = 64 * 1024;

/**
 * A client on another host reaches this helper through `qdisc-studio bridge`, run by ssh as the
 * remote user (app/stdiobusbridge.h). The client sends something at least every
 * RemoteHeartbeatMs; a bridge that hears nothing for RemoteSilenceMs takes the client for gone
 * (killed, or its network cut) and leaves the bus, so the helper keeps the client's
 * revert-on-exit promises though no TCP connection ever said goodbye.
 */
inline constexpr int RemoteHeartbeatMs = 1000;
inline constexpr int RemoteSilenceMs = 10000;

/** Nodes a scenario may hold in all steps together (core/safety/playbacks.h); refused before polkit is asked. */
inline constexpr qsizetype MaxScenarioNodes = Playbacks::MaxScenarioNodes;
/**
 * ScenarioProgress signals of one target are sent at most this often, except a change of
 * state (playing, paused) and a playback's last one, which go out at once; a report held back
 * goes out when the interval ends, so the last step is never lost. Steps may be as short as
 * 50 ms: without this a scenario of short steps would flood every client on the system bus.
 */
inline constexpr int ScenarioProgressIntervalMs = 100;

/**
 * Calls waiting for polkit at once, per connection and per user (root is not counted). A waiting
 * call keeps its D-Bus message, and libdbus stops reading the helper's connection once its
 * messages add up to 63 MiB: so no call that carries a document ever waits (see AuthorizeFirst),
 * and the small ones that do are counted. A window asks a handful at start; more than these get
 * TooManyWaiting at once.
 */
inline constexpr int MaxWaitingPerSender = 16;
inline constexpr int MaxWaitingPerUser = 32;

/** D-Bus error names: org.qdiscstudio.Error.<name>. */
namespace Error {
inline constexpr QLatin1String NotAuthorized{"org.qdiscstudio.Error.NotAuthorized"};
/** Apply or PlayScenario from a connection without a live grant: call Authorize(target) first. */
inline constexpr QLatin1String AuthorizeFirst{"org.qdiscstudio.Error.AuthorizeFirst"};
/** More calls of this connection or user wait for polkit than MaxWaitingPerSender / MaxWaitingPerUser. */
inline constexpr QLatin1String TooManyWaiting{"org.qdiscstudio.Error.TooManyWaiting"};
inline constexpr QLatin1String PolkitUnavailable{"org.qdiscstudio.Error.PolkitUnavailable"};
inline constexpr QLatin1String InvalidArguments{"org.qdiscstudio.Error.InvalidArguments"};
inline constexpr QLatin1String InvalidTree{"org.qdiscstudio.Error.InvalidTree"};
inline constexpr QLatin1String NoSuchTarget{"org.qdiscstudio.Error.NoSuchTarget"};
inline constexpr QLatin1String KernelRefused{"org.qdiscstudio.Error.KernelRefused"};
inline constexpr QLatin1String NoSuchTransaction{"org.qdiscstudio.Error.NoSuchTransaction"};
/**
 * ChangeNode's basis is not the tree the helper holds for the target (another change, someone
 * else's, or a read since): nothing was changed; the client sends the whole tree with Apply.
 */
inline constexpr QLatin1String TreeMismatch{"org.qdiscstudio.Error.TreeMismatch"};
inline constexpr QLatin1String NoSnapshot{"org.qdiscstudio.Error.NoSnapshot"};
inline constexpr QLatin1String Failed{"org.qdiscstudio.Error.Failed"};
/** A call larger than its method takes (BusRelay), or more reads than a user's share (ReadBudget). */
inline constexpr QLatin1String LimitsExceeded{"org.freedesktop.DBus.Error.LimitsExceeded"};
} // namespace Error

} // namespace qs::HelperBus
