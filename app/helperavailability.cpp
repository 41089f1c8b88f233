#include "helperavailability.h"

#include "helperbus.h"

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

} // namespace qs
