#pragma once

#include "model/qdisctree.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>

#include <memory>

class QTimer;

namespace qs {

/**
 * The helper's promises to put trees back: an auto-revert per target (a change that must be
 * confirmed in time, like a display-settings dialog), and per client the trees to restore when
 * that client leaves the bus. Bookkeeping and timers only; the helper does the reverting.
 */
class RevertBook : public QObject
{
    Q_OBJECT
public:
    explicit RevertBook(QObject *parent = nullptr);
    ~RevertBook() override;

    /** A fresh, unguessable transaction id. */
    static QString newTransaction();

    /** Whether @p target already has an unconfirmed change (its "before" tree is kept). */
    bool hasPendingTimeout(const QString &target) const { return m_timeouts.contains(target); }
    /**
     * Arms (or re-arms) the auto-revert of @p target: @p seconds from now, unless confirmed, the
     * tree from before the first unconfirmed change comes back. @p before is used only when no
     * change of the target is pending yet, so a drag of unconfirmed steps reverts as one.
     */
    void armTimeout(const QString &target, const QString &transaction, const QdiscTree &before, unsigned seconds);
    /** Keeps the changes of the chain @p transaction belongs to; false when nothing waits for it. */
    bool confirm(const QString &transaction, QString *target);
    /** The target whose unconfirmed change @p transaction is, or empty when nothing waits for it. */
    QString pendingTarget(const QString &transaction) const;

    bool hasExitRevert(const QString &client, const QString &target) const;
    /** Remembers, once per client and target, what to put back when @p client leaves the bus. */
    void rememberForExit(const QString &client, const QString &target, const QdiscTree &before);
    /** Drops @p client's promise about @p target (the playback that made it ended); true when there was one. */
    bool forgetExitRevert(const QString &client, const QString &target);
    /** The trees to put back now that @p client has left, by target; forgotten afterwards. */
    QHash<QString, QdiscTree> takeExitReverts(const QString &client);

    /** Drops every promise about @p target: it was restored or cleared to its snapshot. */
    void forgetTarget(const QString &target);
    /** Everything still promised, by target (earliest promise first), for a helper that must exit. */
    QHash<QString, QdiscTree> takeAll();

    bool isEmpty() const { return m_timeouts.isEmpty() && m_exitReverts.isEmpty(); }
    /** Every target something is promised about. */
    QStringList targets() const;
    QStringList clientsWithExitReverts() const { return m_exitReverts.keys(); }

Q_SIGNALS:
    /** @p target was not confirmed in time: put @p before back (@p transaction: the chain's first). */
    void timedOut(const QString &target, const QdiscTree &before, const QString &transaction);

private:
    struct Timeout
    {
        QdiscTree before;
        QStringList transactions;
        std::unique_ptr<QTimer> timer;
    };
    QHash<QString, std::shared_ptr<Timeout>> m_timeouts;          ///< by target
    QHash<QString, QHash<QString, QdiscTree>> m_exitReverts;      ///< client → target → before
};

} // namespace qs
