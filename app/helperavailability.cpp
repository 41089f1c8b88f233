#include "helperavailability.h"

#include "helperbackend.h"
#include "helperbus.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusReply>

namespace qs {

bool helperOnBus(const QDBusConnection &bus)
{
    const QDBusConnectionInterface *daemon = bus.interface();
    if (!daemon)
        return false;
    const QDBusReply<bool> running = daemon->isServiceRegistered(HelperBus::Service);
    if (running.isValid() && running.value())
        return true;
    const QDBusReply<QStringList> activatable = daemon->activatableServiceNames();
    return activatable.isValid() && activatable.value().contains(HelperBus::Service);
}

std::unique_ptr<TargetBackend> helperBackendOnSystemBus(QString *whyNot)
{
    QDBusConnection bus = QDBusConnection::systemBus();
    // The CLI's context: these sentences end up in its messages.
    if (!bus.isConnected())
        *whyNot = QCoreApplication::translate("qs::Cli", "there is no D-Bus system bus");
    else if (!helperOnBus(bus))
        *whyNot = QCoreApplication::translate("qs::Cli", "the Qdisc Studio helper (%1) is not on the system bus").arg(HelperBus::Service);
    else
        return std::make_unique<HelperBackend>(bus);
    return nullptr;
}

} // namespace qs
