#pragma once

#include <QDeadlineTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>

namespace qs {

class BusConnection;

/**
 * Asks polkit whether the client behind a unique bus name may perform an action. The subject
 * is always the message's sender as the bus daemon reported it ("system-bus-name"), never
 * anything the caller wrote, so no argument can make a caller pass for someone else.
 *
 * A grant is remembered for that unique name (unique names are never reused) for five minutes,
 * as polkit's own auth_admin_keep does, or until it leaves the bus: a slider drag asks polkit
 * once, not at every step, and a session that went inactive or a changed rule counts again soon.
 * Refusals are not remembered: the user may cancel a password dialog and try again.
 */
class Authorizer : public QObject
{
    Q_OBJECT
public:
    enum class Outcome { Authorized, NotAuthorized, Unavailable };
    using Done = std::function<void(Outcome outcome, const QString &detail)>;

    explicit Authorizer(BusConnection &bus, QObject *parent = nullptr);

    /** Calls @p done with polkit's answer, at once when remembered, else when polkit replies. */
    void check(const QString &sender, const QString &action, Done done);
    /** A grant of @p action to @p sender is remembered and unexpired: check() would answer at once. */
    bool isGranted(const QString &sender, const QString &action) const;
    /** @p sender left the bus: what it was granted goes with it. */
    void forget(const QString &sender);
    /** Checks still waiting for polkit (a password dialog may be open). */
    int pendingChecks() const { return int(m_waiting.size()); }

private:
    void finish(const QString &key, Outcome outcome, const QString &detail);

    /** Tells the bus relay that @p sender's documents are read now (a grant of a change). */
    void admitDocuments(const QString &sender, const QString &action);
    BusConnection &m_bus;
    QHash<QString, QHash<QString, QDeadlineTimer>> m_granted; ///< unique name → action → until when
    QHash<QString, QList<Done>> m_waiting;     ///< "name\naction" → callers waiting for one answer
};

} // namespace qs
