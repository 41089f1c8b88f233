#include "remotestatsreader.h"

#include "helperbus.h"
#include "helperclient.h"
#include "hostclock.h"
#include "remote/statswire.h"
#include "stats/monotonicclock.h"

#include <QDBusMessage>

#include <algorithm>

namespace qs {

namespace {
constexpr int ReadStatsTimeoutMs = 10000;
constexpr std::size_t KeptEstimates = 16;
/**
 * How far the offset may move per sample once it is set: a better estimate (a faster round trip)
 * would otherwise shift one sample's interval by up to half a round trip and show as a spike.
 * 0.2 ms is 0.2 % of a 100 ms interval; a clock drifting 100 ppm is followed at 1 s polling.
 */
constexpr qint64 MaxSlewNs = 200'000;
} // namespace

RemoteStatsReader::RemoteStatsReader(const QDBusConnection &connection, const QString &target) : m_connection(connection), m_target(target)
{
}

std::optional<QList<NodeStats>> RemoteStatsReader::readStats(QString *error)
{
    QDBusMessage call = QDBusMessage::createMethodCall(HelperBus::Service, HelperBus::Path, HelperBus::Interface, QStringLiteral("ReadStats"));
    call << m_target;
    const qint64 sent = monotonicNowNs();
    const QDBusMessage reply = m_connection.call(call, QDBus::Block, ReadStatsTimeoutMs);
    const qint64 received = monotonicNowNs();
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().size() != 2) {
        *error = reply.type() == QDBusMessage::ErrorMessage ? HelperClient::describe(QDBusError(reply))
                                                            : QStringLiteral("the helper's answer to ReadStats is not (time, stats)");
        return std::nullopt;
    }
    const qint64 remoteTime = reply.arguments().at(0).toLongLong();
    addEstimate({HostClock::offsetFrom(sent, remoteTime, received), received - sent});
    return StatsWire::decode(reply.arguments().at(1).toString(), remoteTime - m_offsetNs, error);
}

void RemoteStatsReader::addEstimate(Estimate estimate)
{
    m_estimates.push_back(estimate);
    if (m_estimates.size() > KeptEstimates)
        m_estimates.pop_front();
    const Estimate &best = *std::min_element(m_estimates.begin(), m_estimates.end(),
                                             [](const Estimate &a, const Estimate &b) { return a.roundTripNs < b.roundTripNs; });
    m_offsetNs = m_estimates.size() == 1 ? best.offsetNs : m_offsetNs + std::clamp(best.offsetNs - m_offsetNs, -MaxSlewNs, MaxSlewNs);
    m_offsetRoundTripNs = best.roundTripNs;
}

} // namespace qs
