#include "authorizer.h"

#include "busconnection.h"
#include "helperbus.h"

#include <systemd/sd-bus.h>

namespace qs {

namespace {

constexpr quint32 AllowUserInteraction = 1;
constexpr qint64 GrantLifetimeMs = 5 * 60 * 1000;
// A password dialog can stay open for minutes; polkit itself gives up long before this.
constexpr quint64 PolkitTimeoutUs = 30ull * 60 * 1000 * 1000;

/** org.freedesktop.PolicyKit1.Authority.CheckAuthorization about @p sender; null when it cannot be built. */
sd_bus_message *checkAuthorizationCall(sd_bus *bus, const QString &sender, const QString &action)
{
    sd_bus_message *call = nullptr;
    if (sd_bus_message_new_method_call(bus, &call, "org.freedesktop.PolicyKit1", "/org/freedesktop/PolicyKit1/Authority",
                                       "org.freedesktop.PolicyKit1.Authority", "CheckAuthorization") < 0)
        return nullptr;
    // subject (sa{sv}) = ("system-bus-name", {"name": <sender>}), action, details a{ss} (none), flags, cancellation id
    if (sd_bus_message_append(call, "(sa{sv})sa{ss}us", "system-bus-name", 1, "name", "s", sender.toUtf8().constData(),
                              action.toUtf8().constData(), 0, AllowUserInteraction, "") < 0) {
        sd_bus_message_unref(call);
        return nullptr;
    }
    return call;
}

/** Reads (bba{ss}): is_authorized, is_challenge, details. */
bool readIsAuthorized(sd_bus_message *reply, bool *authorized)
{
    int isAuthorized = 0;
    int isChallenge = 0;
    if (sd_bus_message_enter_container(reply, 'r', "bba{ss}") <= 0 || sd_bus_message_read(reply, "bb", &isAuthorized, &isChallenge) <= 0)
        return false;
    *authorized = isAuthorized != 0;
    return true;
}

} // namespace

Authorizer::Authorizer(BusConnection &bus, QObject *parent) : QObject(parent), m_bus(bus) {}

bool Authorizer::isGranted(const QString &sender, const QString &action) const
{
    const auto grants = m_granted.constFind(sender);
    if (grants == m_granted.cend())
        return false;
    const auto until = grants->constFind(action);
    return until != grants->cend() && !until->hasExpired();
}

void Authorizer::check(const QString &sender, const QString &action, Done done)
{
    if (isGranted(sender, action)) {
        admitDocuments(sender, action);
        done(Outcome::Authorized, {});
        return;
    }
    const QString key = sender + u'\n' + action;
    auto waiting = m_waiting.find(key);
    if (waiting != m_waiting.end()) { // one question to polkit, however many calls wait for it
        waiting->append(std::move(done));
        return;
    }
    m_waiting.insert(key, {std::move(done)});

    sd_bus_message *call = checkAuthorizationCall(m_bus.handle(), sender, action);
    const auto answered = [this, key, sender, action](sd_bus_message *reply) {
        if (!reply || sd_bus_message_is_method_error(reply, nullptr)) {
            const sd_bus_error *error = reply ? sd_bus_message_get_error(reply) : nullptr;
            finish(key, Outcome::Unavailable,
                   QStringLiteral("polkit could not be asked (%1: %2); is polkitd running on the system bus?")
                       .arg(QString::fromUtf8(error && error->name ? error->name : "no reply"),
                            QString::fromUtf8(error && error->message ? error->message : "the call could not be sent")));
            return;
        }
        bool authorized = false;
        if (!readIsAuthorized(reply, &authorized)) {
            finish(key, Outcome::Unavailable,
                   QStringLiteral("polkit answered with an unexpected signature %1").arg(QString::fromUtf8(sd_bus_message_get_signature(reply, 1))));
            return;
        }
        if (authorized) {
            m_granted[sender].insert(action, QDeadlineTimer(GrantLifetimeMs));
            admitDocuments(sender, action);
        }
        finish(key, authorized ? Outcome::Authorized : Outcome::NotAuthorized, {});
    };
    if (!call || !m_bus.callAsync(call, PolkitTimeoutUs, answered))
        answered(nullptr);
}

void Authorizer::finish(const QString &key, Outcome outcome, const QString &detail)
{
    const QList<Done> callers = m_waiting.take(key);
    for (const Done &done : callers)
        done(outcome, detail);
}

void Authorizer::admitDocuments(const QString &sender, const QString &action)
{
    // Documents come with a change (apply, or a lab's own), never with reading: a grant to read,
    // which any console user holds, must not make the relay read a sender's documents.
    if (action == HelperBus::ApplyAction || action == HelperBus::LabAction)
        m_bus.admit(sender);
}

void Authorizer::forget(const QString &sender)
{
    m_granted.remove(sender);
}

} // namespace qs
