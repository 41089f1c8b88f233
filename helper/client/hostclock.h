#pragma once

#include <QDBusConnection>
#include <QString>

#include <optional>

namespace qs {

/**
 * Another host's CLOCK_MONOTONIC against this one's, measured over the connection to its helper
 * (GetClock), as NTP does: the remote time against the midpoint of sending and receiving. The
 * estimate of the fastest exchange is kept; it is off by half that round trip at most.
 */
struct HostClock
{
    qint64 offsetNs = 0;    ///< the remote clock minus this one's
    qint64 roundTripNs = 0; ///< of the exchange the offset comes from; 0 for this host itself

    qint64 toLocal(qint64 remoteNs) const { return remoteNs - offsetNs; }
    qint64 toRemote(qint64 localNs) const { return localNs + offsetNs; }
    /** The most the offset can be wrong by. */
    qint64 uncertaintyNs() const { return roundTripNs / 2; }

    /** One exchange's estimate of the offset: sent and received on this clock, @p remoteNs read between them on the other. */
    static qint64 offsetFrom(qint64 sentNs, qint64 remoteNs, qint64 receivedNs) { return remoteNs - (sentNs + receivedNs) / 2; }
    /** @p exchanges GetClock calls (blocking, 5 s each at most); nullopt with the helper's refusal in @p error. */
    static std::optional<HostClock> measure(const QDBusConnection &connection, int exchanges, QString *error);
};

} // namespace qs
