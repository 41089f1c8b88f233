#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace qs {

class QdiscTree;

/**
 * Does this kernel have the module behind a qdisc, filter or action kind? Read once from what the
 * kernel and the distribution publish: /proc/modules (loaded), /lib/modules/<release>/modules.builtin
 * (built in), modules.dep (on disk, loadable with modprobe) and the kernel's configuration
 * (/proc/config.gz or /boot/config-<release>: =y built in, =m a module, not set: absent). Where
 * none of them says anything the answer is Available: a mark that might be wrong is worse than none.
 */
class KernelModules
{
    Q_DECLARE_TR_FUNCTIONS(qs::KernelModules)

public:
    enum class Presence {
        Available, ///< loaded or built in: the kind works now
        Loadable,  ///< a module file on disk, not loaded: "sudo modprobe X" (root's tc loads it on demand)
        Absent,    ///< neither built nor installed: no modprobe helps
    };

    /** Where to read; the defaults are this machine's, tests point them at fake folders. */
    struct Roots
    {
        QString proc = QStringLiteral("/proc");
        QString modules = QStringLiteral("/lib/modules");
        QString boot = QStringLiteral("/boot");
        QString release; ///< the kernel release; empty: uname -r
    };

    /** Reads every source now, once; answers come from memory. */
    explicit KernelModules(const Roots &roots);
    KernelModules() : KernelModules(Roots{}) {}

    /** This machine's kernel, read on first use. */
    static const KernelModules &system();

    Presence presence(const QString &module) const;
    Presence qdisc(QStringView kind) const { return presence(qdiscModule(kind)); }
    Presence filter(QStringView kind) const;
    Presence action(QStringView kind) const;

    /**
     * The modules @p trees need that this kernel lacks (Absent), each once, in order. A loadable
     * one is not missing: root's tc (the helper) makes the kernel load it on first use.
     */
    QStringList missingModules(const QList<QdiscTree> &trees) const;

    /** The kernel module that provides qdisc @p kind: "sch_netem" for "netem", "sch_ingress" for "clsact". */
    static QString qdiscModule(QStringView kind);
    /** "sch_netem" → "CONFIG_NET_SCH_NETEM"; empty for modules outside net/sched. */
    static QString configSymbol(const QString &module);
    /**
     * What to tell a person when the kernel does not know qdisc @p kind: "the kernel has no netem
     * qdisc: its module sch_netem is not loaded (load it with: sudo modprobe sch_netem; …)".
     */
    static QString missingQdiscMessage(const QString &kind);

private:
    QSet<QString> m_loaded;
    QSet<QString> m_builtin;
    QSet<QString> m_onDisk;
    QHash<QString, char> m_config; ///< CONFIG_X → 'y', 'm' or 'n' (not set)
    bool m_modulesRead = false;    ///< modules.builtin or modules.dep was there
    bool m_configRead = false;
};

} // namespace qs
