#pragma once

#include "busrelay.h"

#include <QObject>
#include <QSocketNotifier>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>

struct sd_bus;
struct sd_bus_message;
struct sd_bus_slot;

namespace qs {

/**
 * The helper's connection to the system bus: systemd's sd-bus, driven by the Qt event loop.
 *
 * Why not QtDBus (which the clients use): libdbus reads at most 2 KiB per read and 4 KiB per
 * loop iteration, so a 4 MB message takes a thousand turns of the loop to arrive. Any local user
 * may send the helper such messages, and the bus daemon forwards them at the same pace: the
 * helper read no faster than the daemon, the daemon's queue towards it grew, and everyone else's
 * calls waited behind it (0.1–0.3 s in tst_helper_flood). sd-bus reads a message's whole
 * remaining size at once, so the helper drains faster than any sender can fill the queue; what
 * sd-bus reads comes through a BusRelay, which passes a call too large for its method on without
 * its body (sd-bus would check every byte of it as it is read).
 *
 * Everything but the relay runs on the thread that made the connection; nothing here blocks
 * except requestName() (at start and when idling out).
 */
class BusConnection : public QObject
{
    Q_OBJECT
public:
    /**
     * The system bus ($DBUS_SYSTEM_BUS_ADDRESS, else the system's socket), read through a BusRelay
     * that holds back the bodies of calls @p policy refuses; null with @p error.
     */
    static std::unique_ptr<BusConnection> openSystemBus(BusRelay::Policy policy, QString *error);
    ~BusConnection() override;

    sd_bus *handle() const { return m_bus; }
    QString uniqueName() const;
    /** Why the call @p serial of @p sender came without its arguments (BusRelay), if it did. */
    BusRelay::Refusal takeRefusal(const char *sender, uint64_t serial);
    /** @p sender holds a grant or is root (BusRelay::admit()), until it leaves the bus. */
    void admit(const QString &sender);
    void forget(const QString &sender);

    /** Owns @p name (not queued, not replacing another owner); false with @p error. */
    bool requestName(const QString &name, QString *error);
    void releaseName(const QString &name);

    /** Handles a message addressed to an object; returns whether it answered it (else sd-bus says there is no such method). */
    using ObjectHandler = std::function<bool(sd_bus_message *message)>;
    bool addObject(const QString &path, ObjectHandler handler, QString *error);

    /** Called with the reply, or with an error message sd-bus made for a timeout or a lost connection. */
    using ReplyHandler = std::function<void(sd_bus_message *reply)>;
    /** Sends method call @p call (its reference is taken over) and calls @p done once. */
    bool callAsync(sd_bus_message *call, quint64 timeoutUs, ReplyHandler done);
    /** Calls @p handler with every signal that matches; false with @p error. */
    bool matchSignal(const char *sender, const char *path, const char *interface, const char *member,
                     std::function<void(sd_bus_message *signal)> handler, QString *error);

    /** Queues @p message (a reply, an error, a signal) and writes it as soon as the socket takes it. */
    bool send(sd_bus_message *message);

Q_SIGNALS:
    /** The bus is gone (the daemon stopped or dropped the helper): nothing more can be served. */
    void disconnected(const QString &why);

private:
    BusConnection(sd_bus *bus, std::unique_ptr<BusRelay> relay);
    /** Lets sd-bus read, dispatch and write what it can, a bounded number of messages per turn of the loop. */
    void process();
    /** Asks sd-bus what it waits for next: readable, writable, a timeout. */
    void rearm();
    void processSoon();

    sd_bus *m_bus = nullptr;
    std::unique_ptr<BusRelay> m_relay; ///< stopped after sd-bus closed the connection
    std::unique_ptr<QSocketNotifier> m_readable;
    std::unique_ptr<QSocketNotifier> m_writable;
    QTimer m_timeout;
    bool m_processQueued = false;
    bool m_gone = false;
    struct Callback;
    std::vector<sd_bus_slot *> m_slots; ///< objects and matches, released with the connection
};

} // namespace qs
