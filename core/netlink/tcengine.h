#pragma once

#include "containers/containerruntime.h"
#include "model/qdisctree.h"
#include "model/treefingerprint.h"
#include "netlinksocket.h"
#include "statsreader.h"
#include "stats/counterhistory.h"
#include "tcplan.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace qs {

class NetworkNamespace;
class PschedClock;


/** One number per qdisc or class of a device, for maps of statistics: classes and qdiscs apart. */
inline quint64 nodeStatsKey(bool isClass, TcHandle id)
{
    return (quint64(isClass) << 32) | id.raw();
}
/** The node a nodeStatsKey() names: a class or a qdisc, and its handle. */
inline bool nodeStatsKeyIsClass(quint64 key)
{
    return (key >> 32) != 0;
}
inline TcHandle nodeStatsKeyId(quint64 key)
{
    return TcHandle(quint32(key));
}

/** The outcome of an apply: what was done, and when the kernel refused, its words. */
struct ApplyResult
{
    bool ok = false;
    QList<TcOperation> plan;
    int done = 0;            ///< operations the kernel accepted before a refusal (or all)
    QString error;           ///< "<operation>: <kernel's text>", empty when ok
    bool restored = false;   ///< after a refusal, the target was put back as it was
    QString restoreError;    ///< why putting it back failed, if it did
    /**
     * The kernel module whose absence made the kernel refuse ("sch_netem" when it does not know
     * the qdisc kind netem); empty for any other refusal. @ref error then names it and the fix.
     */
    QString missingModule;
    /**
     * Refused before anything was sent (ForeignNodes::KeepOnly): the tree would have sent a
     * foreign node's raw options; @ref error names the node.
     */
    bool foreignRefused = false;
};

/** What became of TcEngine::changeNode(). */
struct NodeChangeResult
{
    enum class Outcome {
        Changed,    ///< the kernel holds the node as asked (maybe it did already: an empty plan)
        Mismatch,   ///< the basis is not the tree the engine holds: nothing was sent
        NotInPlace, ///< no such node, or one its kind cannot change in place: nothing was sent
        Failed,     ///< the kernel refused (result.error), or the tree could not be read
    };
    Outcome outcome = Outcome::Failed;
    ApplyResult result;
    QString why;                 ///< a sentence for Mismatch and NotInPlace
    TreeFingerprint fingerprint; ///< of the tree the engine holds afterwards (Changed and Mismatch)
};

/**
 * The kernel side of one target (IF or NETNS/IF): reads its complete tree, plans and applies
 * changes all-or-nothing, and dumps statistics. Writes need CAP_NET_ADMIN in the target's
 * namespace; reading works for anyone.
 */
class TcEngine : public StatsReader
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcEngine)

public:
    /** Opens @p target ("eth0", "lab/veth1"); fails with a message naming it when it does not exist. */
    static std::unique_ptr<TcEngine> open(const QString &target, QString *error);
    /**
     * Opens @p target on @p socket, already open in the target's namespace (e.g. handed over by
     * the helper to a user who may not enter the namespace): reading and statistics work; writes
     * need the holder to have CAP_NET_ADMIN there.
     */
    static std::unique_ptr<TcEngine> openOn(const QString &target, std::unique_ptr<NetlinkSocket> socket, QString *error);
    /** Creates the ifb device @p target (IF or NETNS/IF), up, unless it exists; for the incoming tree. */
    static bool ensureIfb(const QString &target, QString *error);
    ~TcEngine();

    QString target() const { return m_target; }
    int ifindex() const { return m_ifindex; }
    NetlinkSocket &socket() { return *m_socket; }
    /**
     * Whether the namespace the engine was opened in is still the one its target names: false
     * once a container it was opened in has stopped or restarted (NetworkNamespace::isCurrent()).
     */
    bool namespaceIsCurrent() const;
    /** The container instance the engine was opened in (NetworkNamespace::instance()), empty for other namespaces. */
    QString namespaceInstance() const;

    /**
     * Everything tc configures on the device, whoever built it; unknown kinds are kept as foreign
     * nodes. With @p stats, also the counters the same dumps carry, as readStats() gives them:
     * every qdisc of the device, and the classes of the qdiscs whose classes are configuration
     * (htb, hfsc, …; readStats() also has prio's bands and mq's queues).
     */
    std::optional<QdiscTree> read(QString *error, QList<NodeStats> *stats = nullptr);
    /** What apply() does with foreign nodes of the desired tree (raw options the model never checked). */
    enum class ForeignNodes {
        /** Sent as they are: trees read from the kernel (snapshots, the tree before a change). */
        Send,
        /**
         * Only kept where the kernel holds them already (TcPlanner::foreignSteps() is empty);
         * otherwise nothing is sent and the result is foreignRefused. For trees from outside:
         * a client's raw options would reach the kernel as root, of any kind.
         */
        KeepOnly,
    };
    /** Why ForeignNodes::KeepOnly refuses a tree whose plan has @p step (see TcPlanner::foreignSteps()). */
    static QString foreignRefusal(const QString &target, const TcOperation &step);
    /** Turns the device's tree into @p desired; on any refusal puts back what was there. */
    ApplyResult apply(const QdiscTree &desired, ForeignNodes foreign = ForeignNodes::Send);
    /**
     * Changes one node of the tree this engine holds in place, and nothing else: @p node holds
     * exactly one class, or one qdisc, that the tree has already (the class by its classid, the
     * qdisc by where it hangs), with the same parent and kind. Refused (Mismatch) unless
     * @p basis is the fingerprint of the tree the engine holds — the one it last read or applied,
     * unless someone else changed the device since — and (NotInPlace) when the node is not
     * there or its kind must be replaced to get there (htb's default). Nothing is read, planned
     * or validated beyond the one node: a step on a tree of 10 000 classes costs what it costs
     * on a tree of one (the first after a read or apply hashes the tree once, see TreeFingerprint).
     */
    NodeChangeResult changeNode(const QdiscTree &node, const TreeFingerprint &basis);
    /** The tree the engine holds (the one it last read or applied, unless changed elsewhere since: then read). */
    std::optional<QdiscTree> heldTree(QString *error) { return currentTree(error); }
    /** The fingerprint of the tree the engine holds; read first when it holds none. */
    std::optional<TreeFingerprint> fingerprint(QString *error);
    /** Runs @p plan as it is (no rollback): for tests and benchmarks that need a chosen plan. */
    ApplyResult execute(const QList<TcOperation> &plan);
    /** Back to the device's default qdisc: root and ingress trees removed. */
    ApplyResult clear();

    /** One dump of every qdisc and class of the device with 64-bit counters. */
    std::optional<QList<NodeStats>> readStats(QString *error) override;
    void setCancelFlag(const std::atomic<bool> *flag) override { m_socket->setCancelFlag(flag); }

private:
    /**
     * The classes of the qdiscs @p owners (handles), one dump per qdisc; or, when @p owners is
     * null, of the whole device in one dump.
     */
    std::optional<KernelError> dumpClasses(const QList<quint32> *owners, const std::function<void(const nlmsghdr *)> &onMessage);
    TcEngine(QString target, QString netns, QString device, std::unique_ptr<NetlinkSocket> socket, int ifindex);
    std::optional<KernelError> send(const TcOperation &op, QString *localError);
    ApplyResult run(const QList<TcOperation> &plan);
    /**
     * The tree the kernel holds: the one this engine last read or applied, unless a tc
     * notification says someone else changed the device since; then read again. This saves
     * apply() a full re-read per slider step.
     */
    std::optional<QdiscTree> currentTree(QString *error);
    /** currentTree() without a copy: true when m_known holds the kernel's tree. */
    bool knowCurrentTree(QString *error);
    /** False with @p error once the container the engine was opened in stopped or restarted. */
    bool stillInItsNamespace(QString *error) const;

    QString m_target;
    QString m_netns;
    QString m_device;
    std::unique_ptr<NetworkNamespace> m_namespace; ///< null on a handed-over socket
    std::unique_ptr<NetlinkSocket> m_socket;
    std::unique_ptr<NetlinkSocket> m_monitor; ///< RTNLGRP_TC notifications; null when it could not subscribe
    std::optional<QdiscTree> m_known;
    /** Of m_known, once asked for (changeNode()); reset whenever m_known is. */
    std::optional<TreeFingerprint> m_knownFingerprint;
    int m_ifindex;
    const PschedClock &m_clock;
};

/**
 * One interface a tree can be applied to; or, with no device, a container that has none to show
 * (it does not run).
 */
struct TargetInfo
{
    QString netns; ///< empty: the root namespace; "docker:NAME", "podman:NAME": a container's
    QString device;
    QString type;  ///< "veth", "ifb", "loopback", "ether", …
    bool up = false;
    QString rootQdisc; ///< kind of the root qdisc ("noqueue", "netem", …)
    /** The container whose namespace this is, as its runtime describes it. */
    std::optional<ContainerInfo> container;
    /** A veth's other end, as a target, when it lies in another namespace listed too ("docker:r2/eth1"). */
    QString peer;
    /** The host over ssh ("qs@lab4", SshHost::toString()); empty: this machine. Set by whoever listed it there. */
    QString host;

    QString target() const
    {
        const QString local = netns.isEmpty() ? device : device.isEmpty() ? netns : netns + u'/' + device;
        return host.isEmpty() ? local : QStringLiteral("ssh://") + host + u'/' + local;
    }
    /** Marks an entry another host's helper listed as that host's (@p host as SshHost writes it): its target and peer get ssh://HOST/. */
    void placeOnHost(const QString &hostName)
    {
        host = hostName;
        if (!peer.isEmpty())
            peer = QStringLiteral("ssh://") + hostName + u'/' + peer;
    }
    /** The form ListTargets and `targets --json` write; fromJson() reads it back. */
    QJsonObject toJson() const;
    static TargetInfo fromJson(const QJsonObject &object);
};

/**
 * The interfaces of the root namespace, of every named namespace in /run/netns and of every
 * running container of the runtimes found here (Docker, Podman), with each veth's peer; containers
 * that do not run are listed without interfaces. A runtime that is not installed is skipped;
 * one that refuses or fails is said in @p error, and the rest is still listed.
 */
QList<TargetInfo> listTargets(QString *error);

} // namespace qs
