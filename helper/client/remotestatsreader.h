#pragma once

#include "netlink/statsreader.h"

#include <QDBusConnection>
#include <QString>

#include <deque>

namespace qs {

/**
 * The counters of a target on another host: one ReadStats call per dump to that host's helper,
 * over the connection the SshLink holds (one stream per host, however many dumps and targets).
 *
 * The remote helper stamps each dump with its own CLOCK_MONOTONIC. The offset to this host's is
 * estimated as NTP does, from the call's round trip (the remote time against the midpoint of
 * sending and receiving), and the estimate of the fastest of the last 16 round trips is kept:
 * its error is at most half that round trip. The offset then moves towards a better estimate by
 * at most 0.2 ms a sample, so that no sample's interval jumps. Samples are stamped with the remote
 * time minus that offset, so rates come from the remote kernel's own intervals, not from ssh's jitter.
 */
class RemoteStatsReader : public StatsReader
{
public:
    RemoteStatsReader(const QDBusConnection &connection, const QString &target);

    std::optional<QList<NodeStats>> readStats(QString *error) override;

    /** The remote clock minus this one's, as estimated now (ns), and the round trip it came from. */
    qint64 clockOffsetNs() const { return m_offsetNs; }
    qint64 offsetRoundTripNs() const { return m_offsetRoundTripNs; }

private:
    struct Estimate
    {
        qint64 offsetNs;
        qint64 roundTripNs;
    };
    void addEstimate(Estimate estimate);

    QDBusConnection m_connection;
    QString m_target;
    std::deque<Estimate> m_estimates;
    qint64 m_offsetNs = 0;
    qint64 m_offsetRoundTripNs = 0;
};

} // namespace qs
