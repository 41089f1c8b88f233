#pragma once

#include "model/qdisctree.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace qs {

/**
 * Which device a target name meant when a snapshot was taken: a namespace deleted and created
 * again under the same name, or a device re-created, is another device, and its snapshot must
 * not be put back on it. The namespace is named by its cookie, unique until reboot (inode
 * numbers of namespaces are reused).
 */
struct TargetIdentity
{
    quint64 netnsCookie = 0;
    int ifindex = 0;
    /** A container's id and start time (NetworkNamespace::instance()): says which instance a snapshot was of. */
    QString containerInstance;
    bool operator==(const TargetIdentity &) const = default;
};

/** The tree a target had before Qdisc Studio first changed it. */
struct Snapshot
{
    QdiscTree tree;
    TargetIdentity identity;
    QDateTime taken;
};

/**
 * Snapshots on disk, one JSON file per target, written atomically before the first change to
 * that target. They live under /run (a tmpfs, like the kernel state they describe, gone at
 * reboot), so an idle helper can exit and a later one still restores.
 */
class SnapshotStore
{
public:
    explicit SnapshotStore(QString directory);

    const QString &directory() const { return m_directory; }
    std::optional<Snapshot> find(const QString &target, QString *error) const;
    bool save(const QString &target, const Snapshot &snapshot, QString *error);
    void remove(const QString &target);
    /** Whether a snapshot of @p target is on disk (a stat: cheap enough for every change). */
    bool exists(const QString &target) const;
    /** The targets of every snapshot on disk (as written inside each file; unreadable files are skipped). */
    QStringList targets() const;

private:
    QString pathFor(const QString &target) const;

    QString m_directory;
};

} // namespace qs
