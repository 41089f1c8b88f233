#pragma once

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>

#include "netlink/networknamespace.h"

#include <memory>
#include <unordered_map>

class QSocketNotifier;

namespace qs {

class NetlinkSocket;

/**
 * TreeChanged for the targets clients watch: one subscription to the kernel's tc notifications
 * per namespace, so changes made with `tc` or by any other program are seen too. Bursts (an
 * apply of a thousand classes) are coalesced into one signal per target.
 */
class TreeWatcher : public QObject
{
    Q_OBJECT
public:
    explicit TreeWatcher(QObject *parent = nullptr);
    ~TreeWatcher() override;

    /** Watches @p target for @p client until unwatchClient(); false with a message when it does not exist. */
    bool watch(const QString &client, const QString &target, QString *error);
    void unwatchClient(const QString &client);
    /** Nobody watches targets in @p namespaces any more (they are being deleted); their sockets are closed. */
    void unwatchNamespaces(const QStringList &namespaces);
    /** A change the helper made itself: treeChanged() even when the kernel sent no notification. */
    void noteChanged(const QString &target);
    bool isEmpty() const { return m_watches.isEmpty(); }
    /** The clients watching @p target: whom its treeChanged() concerns (nobody else may read it). */
    QStringList watchersOf(const QString &target) const;

Q_SIGNALS:
    void treeChanged(const QString &target);

private:
    struct Monitor
    {
        NetworkNamespace ns; ///< a container's: isCurrent() tells when it restarted under the same name
        std::unique_ptr<NetlinkSocket> socket;
        std::unique_ptr<QSocketNotifier> notifier;
        QHash<int, QString> targetsByIfindex;
    };
    void readNotifications(Monitor &monitor);
    void rebuildIndexes();

    std::unordered_map<QString, Monitor> m_monitors; ///< by namespace name ("" for the helper's own)
    QHash<QString, QSet<QString>> m_watches;          ///< client → targets
    QSet<QString> m_dirty;
    QTimer m_flush;
};

} // namespace qs
