#pragma once

#include "netlink/tcengine.h"
#include "snapshotstore.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <unordered_map>

namespace qs {

/**
 * Open engines per target, so that a slider drag does not pay for entering a namespace and
 * subscribing to notifications at every step. An engine's sockets keep its namespace alive
 * even after `ip netns del`, so engines unused for a few seconds are closed, and a cached
 * engine is reused only while its namespace and device are still the ones it was opened on: the
 * namespace is checked at every use (a stat), the device at most once a second (asking for a
 * link costs more than a slider step's whole change).
 */
class TargetEngines : public QObject
{
    Q_OBJECT
public:
    explicit TargetEngines(QObject *parent = nullptr);
    ~TargetEngines() override;

    /** How sure engineFor() makes that a cached engine's device is still the one it was opened on. */
    enum class DeviceCheck {
        AtMostOncePerSecond, ///< for changes: a slider step must not pay for asking the kernel
        Now,                 ///< for what acts on the identity itself (restore)
    };
    /** The engine of @p target, opened if needed; nullptr with a message when it does not exist. */
    TcEngine *engineFor(const QString &target, QString *error, DeviceCheck check = DeviceCheck::AtMostOncePerSecond);
    /**
     * Whether @p target's cached engine was opened on a device that is gone (made again under the
     * same name since): then it is closed, and the next engineFor() opens the new one.
     */
    bool dropIfStale(const QString &target);
    /** The identity @p target has now (after engineFor succeeded). */
    TargetIdentity identityOf(const QString &target) const;
    void closeAll();
    /** Closes the engines of targets in @p namespaces: their sockets would keep a deleted namespace alive. */
    void closeIn(const QStringList &namespaces);
    bool isEmpty() const { return m_engines.empty(); }

    /** The inode of namespace @p netns (empty: the helper's own), or 0 when it does not exist. */
    static quint64 netnsInode(const QString &netns);
    /** The cookie of the namespace @p socketFd lives in: unique until reboot, unlike inodes. */
    static quint64 netnsCookie(int socketFd);

private:
    struct Entry
    {
        std::unique_ptr<TcEngine> engine;
        TargetIdentity identity;
        quint64 netnsInode = 0; ///< cheap to check at every use: our socket keeps the namespace, so its inode, alive
        QElapsedTimer lastUse;
        QElapsedTimer lastDeviceCheck;
    };
    static bool stillValid(const QString &target, Entry &entry, DeviceCheck check);
    void closeIdle();

    std::unordered_map<QString, Entry> m_engines; // Entry is move-only
    QTimer m_sweep;
};

} // namespace qs
