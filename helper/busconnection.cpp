#include "busconnection.h"

#include <systemd/sd-bus.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <poll.h>

namespace qs {

namespace {

/** A turn of the loop handles at most this many messages, so timers and other sockets get theirs. */
constexpr int MessagesPerTurn = 32;

QString errnoText(int negativeErrno)
{
    return QString::fromLocal8Bit(std::strerror(-negativeErrno));
}

quint64 monotonicNowUs()
{
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return quint64(now.tv_sec) * 1'000'000u + quint64(now.tv_nsec) / 1000u;
}

} // namespace

/** What a C callback of sd-bus calls back into; owned by the slot it belongs to. */
struct BusConnection::Callback
{
    std::function<int(sd_bus_message *)> call;

    static int trampoline(sd_bus_message *message, void *userdata, sd_bus_error *)
    {
        return static_cast<Callback *>(userdata)->call(message);
    }
    static void destroy(void *userdata) { delete static_cast<Callback *>(userdata); }
};

std::unique_ptr<BusConnection> BusConnection::openSystemBus(BusRelay::Policy policy, QString *error)
{
    QByteArray address = qgetenv("DBUS_SYSTEM_BUS_ADDRESS");
    if (address.isEmpty())
        address = "unix:path=/run/dbus/system_bus_socket";
    std::unique_ptr<BusRelay> relay = BusRelay::connectTo(address, std::move(policy), error);
    if (!relay)
        return nullptr;
    sd_bus *bus = nullptr;
    int r = sd_bus_new(&bus);
    if (r >= 0)
        r = sd_bus_set_fd(bus, relay->relayedSocket(), relay->busSocket());
    if (r >= 0)
        r = sd_bus_set_bus_client(bus, 1);
    if (r >= 0)
        r = sd_bus_negotiate_fds(bus, 1);
    if (r >= 0)
        r = sd_bus_start(bus);
    if (r < 0) {
        *error = QStringLiteral("cannot connect to the system bus: %1").arg(errnoText(r));
        sd_bus_flush_close_unref(bus);
        return nullptr;
    }
    return std::unique_ptr<BusConnection>(new BusConnection(bus, std::move(relay)));
}

BusConnection::BusConnection(sd_bus *bus, std::unique_ptr<BusRelay> relay) : m_bus(bus), m_relay(std::move(relay))
{
    // sd-bus reads what the relay passed on and writes to the bus itself.
    m_readable = std::make_unique<QSocketNotifier>(m_relay->relayedSocket(), QSocketNotifier::Read);
    m_writable = std::make_unique<QSocketNotifier>(m_relay->busSocket(), QSocketNotifier::Write);
    m_writable->setEnabled(false);
    connect(m_readable.get(), &QSocketNotifier::activated, this, &BusConnection::process);
    connect(m_writable.get(), &QSocketNotifier::activated, this, &BusConnection::process);
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, &BusConnection::process);
    rearm();
}

BusConnection::~BusConnection()
{
    for (sd_bus_slot *slot : m_slots)
        sd_bus_slot_unref(slot);
    // Replies and signals still queued go out first (a reverted tree's Reverted, the last reply).
    sd_bus_flush_close_unref(m_bus);
}

BusRelay::Refusal BusConnection::takeRefusal(const char *sender, uint64_t serial)
{
    return sender && serial <= UINT32_MAX ? m_relay->takeRefusal(QByteArray(sender), quint32(serial)) : BusRelay::Refusal();
}

void BusConnection::admit(const QString &sender)
{
    m_relay->admit(sender.toUtf8());
}

void BusConnection::forget(const QString &sender)
{
    m_relay->forget(sender.toUtf8());
}

QString BusConnection::uniqueName() const
{
    const char *name = nullptr;
    return sd_bus_get_unique_name(m_bus, &name) >= 0 ? QString::fromUtf8(name) : QString();
}

bool BusConnection::requestName(const QString &name, QString *error)
{
    const int r = sd_bus_request_name(m_bus, name.toUtf8().constData(), 0);
    rearm();
    if (r < 0) {
        *error = r == -EEXIST ? QStringLiteral("the name is owned by another process") : errnoText(r);
        return false;
    }
    return true;
}

void BusConnection::releaseName(const QString &name)
{
    sd_bus_release_name(m_bus, name.toUtf8().constData());
    rearm();
}

bool BusConnection::addObject(const QString &path, ObjectHandler handler, QString *error)
{
    auto *callback = new Callback{[handler = std::move(handler)](sd_bus_message *message) { return handler(message) ? 1 : 0; }};
    sd_bus_slot *slot = nullptr;
    const int r = sd_bus_add_object(m_bus, &slot, path.toUtf8().constData(), &Callback::trampoline, callback);
    if (r < 0) {
        delete callback;
        *error = errnoText(r);
        return false;
    }
    sd_bus_slot_set_destroy_callback(slot, &Callback::destroy);
    m_slots.push_back(slot);
    return true;
}

bool BusConnection::callAsync(sd_bus_message *call, quint64 timeoutUs, ReplyHandler done)
{
    auto *callback = new Callback{[done = std::move(done)](sd_bus_message *reply) {
        done(reply);
        return 1;
    }};
    sd_bus_slot *slot = nullptr;
    const int r = sd_bus_call_async(m_bus, &slot, call, &Callback::trampoline, callback, timeoutUs);
    sd_bus_message_unref(call);
    if (r < 0) {
        delete callback;
        return false;
    }
    // The slot belongs to the bus from here on, and frees the callback once it was called.
    sd_bus_slot_set_destroy_callback(slot, &Callback::destroy);
    sd_bus_slot_set_floating(slot, 1);
    sd_bus_slot_unref(slot);
    rearm();
    return true;
}

bool BusConnection::matchSignal(const char *sender, const char *path, const char *interface, const char *member,
                                std::function<void(sd_bus_message *)> handler, QString *error)
{
    auto *callback = new Callback{[handler = std::move(handler)](sd_bus_message *signal) {
        handler(signal);
        return 0; // others may want it too
    }};
    sd_bus_slot *slot = nullptr;
    const int r = sd_bus_match_signal(m_bus, &slot, sender, path, interface, member, &Callback::trampoline, callback);
    rearm();
    if (r < 0) {
        delete callback;
        *error = errnoText(r);
        return false;
    }
    sd_bus_slot_set_destroy_callback(slot, &Callback::destroy);
    m_slots.push_back(slot);
    return true;
}

bool BusConnection::send(sd_bus_message *message)
{
    const int r = sd_bus_send(m_bus, message, nullptr);
    rearm();
    return r >= 0;
}

void BusConnection::process()
{
    m_processQueued = false;
    if (m_gone)
        return;
    for (int i = 0; i < MessagesPerTurn; ++i) {
        const int r = sd_bus_process(m_bus, nullptr);
        if (r < 0) {
            m_gone = true;
            m_readable->setEnabled(false);
            m_writable->setEnabled(false);
            m_timeout.stop();
            Q_EMIT disconnected(errnoText(r));
            return;
        }
        if (r == 0)
            break;
    }
    rearm();
}

void BusConnection::processSoon()
{
    if (m_processQueued)
        return;
    m_processQueued = true;
    QTimer::singleShot(0, this, &BusConnection::process);
}

void BusConnection::rearm()
{
    if (m_gone)
        return;
    const int events = sd_bus_get_events(m_bus);
    if (events < 0)
        return;
    m_readable->setEnabled(events & POLLIN);
    m_writable->setEnabled(events & POLLOUT);
    uint64_t until = 0;
    if (sd_bus_get_timeout(m_bus, &until) < 0 || until == UINT64_MAX) {
        m_timeout.stop();
        return;
    }
    const quint64 now = monotonicNowUs();
    if (until <= now) { // work is waiting already (messages read but not yet dispatched)
        m_timeout.stop();
        processSoon();
        return;
    }
    m_timeout.start(int(std::min<quint64>((until - now + 999) / 1000, 24u * 3600u * 1000u)));
}

} // namespace qs
