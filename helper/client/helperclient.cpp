#include "helperclient.h"

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
