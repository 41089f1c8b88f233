#include "remotestatsreader.h"

#include "helperbus.h"
#include "helperclient.h"
#include "remote/statswire.h"
#include "stats/monotonicclock.h"

#include <QDBusMessage>

#include <algorithm>

namespace qs {

namespace {
constexpr int ReadStatsTimeoutMs = 10000;
constexpr std::size_t KeptEstimates = 16;
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
    addEstimate({remoteTime - (sent + received) / 2, received - sent});
    return StatsWire::decode(reply.arguments().at(1).toString(), remoteTime - m_offsetNs, error);
}

void RemoteStatsReader::addEstimate(Estimate estimate)
{
    m_estimates.push_back(estimate);
    if (m_estimates.size() > KeptEstimates)
        m_estimates.pop_front();
    const Estimate &best = *std::min_element(m_estimates.begin(), m_estimates.end(),
                                             [](const Estimate &a, const Estimate &b) { return a.roundTripNs < b.roundTripNs; });
    m_offsetNs = best.offsetNs;
    m_offsetRoundTripNs = best.roundTripNs;
}

} // namespace qs
