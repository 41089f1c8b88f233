#include "helperclient.h"

#include "netlink/netlinksocket.h"
#include "netlink/tcengine.h"

#include <unistd.h>

namespace qs {

namespace {
// polkit may show a password dialog; a person can take minutes to answer it.
constexpr int CallTimeoutMs = 10 * 60 * 1000;
} // namespace

HelperClient::HelperClient(const QDBusConnection &bus)
    : m_proxy(std::make_unique<OrgQdiscstudioHelper1Interface>(HelperBus::Service, HelperBus::Path, bus))
{
    m_proxy->setTimeout(CallTimeoutMs);
}

std::unique_ptr<TcEngine> HelperClient::openForReading(const QString &target, QString *error)
{
    QString netns;
    QString device;
    if (geteuid() == 0 || !QdiscTree::splitTarget(target, &netns, &device) || netns.isEmpty())
        return TcEngine::open(target, error);
    QDBusPendingReply<QDBusUnixFileDescriptor> reply = m_proxy->OpenStatsSocket(netns);
    reply.waitForFinished();
    if (reply.isError()) {
        *error = QStringLiteral("%1: reading another namespace without root goes through the helper: %2").arg(target, describe(reply.error()));
        return nullptr;
    }
    auto socket = NetlinkSocket::adopt(::dup(reply.value().fileDescriptor()), error);
    return socket ? TcEngine::openOn(target, std::move(socket), error) : nullptr;
}

QString HelperClient::contract()
{
    return QStringLiteral(QS_HELPER_CONTRACT);
}

bool HelperClient::isUnreachable(const QDBusError &error)
{
    return error.type() == QDBusError::ServiceUnknown || error.type() == QDBusError::Disconnected || error.type() == QDBusError::NoServer;
}

QString HelperClient::describe(const QDBusError &error)
{
    switch (error.type()) {
    case QDBusError::ServiceUnknown:
        return QStringLiteral("the Qdisc Studio helper is not available: %1 is not on the system bus and could not be started "
                              "(is Qdisc Studio installed, with its files in /usr/share/dbus-1?)")
            .arg(HelperBus::Service);
    case QDBusError::Disconnected:
    case QDBusError::NoServer:
        return QStringLiteral("there is no D-Bus system bus to reach the helper (%1)").arg(error.message());
    case QDBusError::AccessDenied:
        return QStringLiteral("the system bus refused the call (%1): is the D-Bus policy file org.qdiscstudio.Helper1.conf installed "
                              "in /usr/share/dbus-1/system.d?")
            .arg(error.message());
    case QDBusError::NoReply:
    case QDBusError::Timeout:
        return QStringLiteral("the helper did not answer in time (%1)").arg(error.message());
    default:
        return error.message();
    }
}

} // namespace qs
