#include "hostclock.h"

#include "helperbus.h"
#include "helperclient.h"
#include "stats/monotonicclock.h"

#include <QDBusMessage>

namespace qs {

std::optional<HostClock> HostClock::measure(const QDBusConnection &connection, int exchanges, QString *error)
{
    constexpr int TimeoutMs = 5000;
    std::optional<HostClock> best;
    for (int i = 0; i < exchanges; ++i) {
        const QDBusMessage call = QDBusMessage::createMethodCall(HelperBus::Service, HelperBus::Path, HelperBus::Interface, QStringLiteral("GetClock"));
        const qint64 sent = monotonicNowNs();
        const QDBusMessage reply = connection.call(call, QDBus::Block, TimeoutMs);
        const qint64 received = monotonicNowNs();
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().size() != 1) {
            *error = reply.type() == QDBusMessage::ErrorMessage ? HelperClient::describe(QDBusError(reply))
                                                                : QStringLiteral("the helper's answer to GetClock is not a time");
            return std::nullopt;
        }
        const HostClock estimate{offsetFrom(sent, reply.arguments().first().toLongLong(), received), received - sent};
        if (!best || estimate.roundTripNs < best->roundTripNs)
            best = estimate;
    }
    return best;
}

} // namespace qs
