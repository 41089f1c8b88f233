#pragma once

#include "helper1interface.h"
#include "helperbus.h"

#include <QDBusConnection>
#include <QDBusError>

#include <memory>

namespace qs {
class TcEngine;
}

namespace qs {

/**
 * The proxy of qdisc-studio-helper on the system bus (generated from the interface XML), with
 * a timeout long enough for a polkit password dialog, and errors put in words a person can act on.
 */
class HelperClient
{
public:
    explicit HelperClient(const QDBusConnection &bus = QDBusConnection::systemBus());

    OrgQdiscstudioHelper1Interface &proxy() { return *m_proxy; }
    QDBusConnection connection() const { return m_proxy->connection(); }

    /**
     * An engine for reading @p target. Entering another namespace needs root; without it, the
     * helper opens a socket there and hands it over (polkit: org.qdiscstudio.read), which grants
     * reading only.
     */
    std::unique_ptr<TcEngine> openForReading(const QString &target, QString *error);

    /** What went wrong, for a person: the helper's own message, or why it could not be reached. */
    static QString describe(const QDBusError &error);
    /**
     * A digest of the helper's D-Bus interface this client was built with: two ends with the same
     * contract understand each other, whatever their versions (checked across ssh, SshLink).
     */
    static QString contract();
    /** No bus, or no helper on it: the call never reached the helper. */
    static bool isUnreachable(const QDBusError &error);

private:
    std::unique_ptr<OrgQdiscstudioHelper1Interface> m_proxy;
};

} // namespace qs
