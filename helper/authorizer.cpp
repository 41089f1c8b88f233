#include "authorizer.h"

#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QMetaType>
#include <QVariantMap>

namespace qs {

namespace {

constexpr quint32 AllowUserInteraction = 1;
constexpr qint64 GrantLifetimeMs = 5 * 60 * 1000;
// A password dialog can stay open for minutes; polkit itself gives up long before this.
constexpr int PolkitTimeoutMs = 30 * 60 * 1000;

QDBusMessage checkAuthorizationCall(const QString &sender, const QString &action)
{
    QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.PolicyKit1"),
                                                       QStringLiteral("/org/freedesktop/PolicyKit1/Authority"),
                                                       QStringLiteral("org.freedesktop.PolicyKit1.Authority"),
                                                       QStringLiteral("CheckAuthorization"));
    QDBusArgument subject; // (sa{sv}): ("system-bus-name", {"name": <sender>})
    subject.beginStructure();
    subject << QStringLiteral("system-bus-name") << QVariantMap{{QStringLiteral("name"), sender}};
    subject.endStructure();
    QDBusArgument details; // a{ss}, empty
    details.beginMap(QMetaType::fromType<QString>(), QMetaType::fromType<QString>());
    details.endMap();
    call << QVariant::fromValue(subject) << action << QVariant::fromValue(details) << AllowUserInteraction << QString();
    return call;
}

/** Reads (bba{ss}): is_authorized, is_challenge, details. */
bool readIsAuthorized(const QDBusMessage &reply, bool *authorized)
{
    if (reply.arguments().size() != 1 || !reply.arguments().first().canConvert<QDBusArgument>())
        return false;
    const QDBusArgument result = reply.arguments().first().value<QDBusArgument>();
    bool isChallenge = false;
    result.beginStructure();
    result >> *authorized >> isChallenge;
    result.endStructure();
    return true;
}

} // namespace

Authorizer::Authorizer(QDBusConnection bus, QObject *parent) : QObject(parent), m_bus(std::move(bus)) {}

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

    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(checkAuthorizationCall(sender, action), PolkitTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher, key, sender, action] {
        watcher->deleteLater();
        const QDBusMessage reply = watcher->reply();
        if (reply.type() == QDBusMessage::ErrorMessage) {
            finish(key, Outcome::Unavailable,
                   QStringLiteral("polkit could not be asked (%1: %2); is polkitd running on the system bus?")
                       .arg(reply.errorName(), reply.errorMessage()));
            return;
        }
        bool authorized = false;
        if (!readIsAuthorized(reply, &authorized)) {
            finish(key, Outcome::Unavailable, QStringLiteral("polkit answered with an unexpected signature %1").arg(reply.signature()));
            return;
        }
        if (authorized)
            m_granted[sender].insert(action, QDeadlineTimer(GrantLifetimeMs));
        finish(key, authorized ? Outcome::Authorized : Outcome::NotAuthorized, {});
    });
}

void Authorizer::finish(const QString &key, Outcome outcome, const QString &detail)
{
    const QList<Done> callers = m_waiting.take(key);
    for (const Done &done : callers)
        done(outcome, detail);
}

void Authorizer::forget(const QString &sender)
{
    m_granted.remove(sender);
}

} // namespace qs
