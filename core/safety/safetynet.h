#pragma once

#include "caller.h"
#include "model/qdisctree.h"
#include "netlink/tcengine.h"
#include "revertbook.h"
#include "revertreason.h"
#include "snapshotstore.h"
#include "targetengines.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace qs {

/** How a change asks to be guarded: an auto-revert unless confirmed in time, and a revert when its caller goes. */
struct ChangeGuards
{
    unsigned revertAfter = 0; ///< seconds; 0: none
    bool revertOnExit = false;
};

/** What became of a request to the safety net. */
struct SafetyOutcome
{
    enum class Refusal {
        None,
        NoSuchTarget,      ///< the device (or its namespace) is not there
        Failed,            ///< a snapshot could not be read or written: nothing changed
        KernelRefused,     ///< the kernel said no; @ref error says what was put back
        InvalidTree,       ///< a foreign node a client sent (or a tree the limits refuse): nothing was sent
        NoSnapshot,        ///< nothing to restore, or a snapshot of another device
        NoSuchTransaction, ///< nothing waits for that confirmation
        Declined,          ///< the change itself declined (a ChangeNode against another tree): it answered already
        InvalidRequest,    ///< the request is wrong as asked (a scenario that does not validate, nothing plays there)
    };
    Refusal refusal = Refusal::None;
    QString error;       ///< a sentence, for the caller
    QString target;      ///< the target a confirmation was about
    QString transaction; ///< of a change, for Confirm
    ApplyResult result;  ///< the kernel's part
    bool ok() const { return refusal == Refusal::None; }
    static SafetyOutcome refused(Refusal why, const QString &error)
    {
        SafetyOutcome outcome;
        outcome.refusal = why;
        outcome.error = error;
        return outcome;
    }
};

/**
 * The safety rules of every road to the kernel — the helper's, the in-process backend's and
 * `apply --direct`'s — in one place (issue 15): per target the snapshot on disk before the first
 * change, checked against the target's identity (namespace cookie, ifindex) wherever it is used;
 * the chain of unconfirmed changes an auto-revert undoes as one; the revert-on-exit promises,
 * each with the caller that made it; restore; and the checks every tree passes before it goes
 * (TreeLimits). Callers keep only what is theirs: the helper the bus, polkit and the audit log,
 * the window's backend its signals.
 *
 * Scenario playbacks (Playbacks, beside the net) are told of every change through the
 * BeforeChange hook (a change replaces what a scenario would apply next).
 */
class SafetyNet : public QObject
{
    Q_OBJECT
public:
    /** The state folder the helper keeps (as root, `apply --direct` keeps its snapshots there too). */
    static QString systemStateDirectory() { return QStringLiteral("/run/qdisc-studio"); }
    /** Where this process keeps snapshots: the system state folder as root, else one of this user's. */
    static QString defaultStateDirectory();

    explicit SafetyNet(const QString &stateDirectory, QObject *parent = nullptr);
    ~SafetyNet() override;

    using BeforeChange = std::function<void(const QString &target, const QString &action, const Caller &caller)>;
    /** Called once a change of a target is about to take effect (playbacks there end). */
    void setBeforeChange(BeforeChange hook) { m_beforeChange = std::move(hook); }

    /** What a change wants of the engine; the report is the caller's (the helper's JSON). May decline (nullopt) after answering itself. */
    using Change = std::function<std::optional<ApplyResult>(TcEngine &engine, QString *report)>;
    /** The tree a promise puts back, when a read of the kernel would not do (a ChangeNode: what the engine holds). */
    using HeldBefore = std::function<std::optional<QdiscTree>(TcEngine &engine, QString *error)>;

    /**
     * A change of @p target by @p caller (audited as @p action): the snapshot before the first
     * change, the tree from before kept when @p guards promise a revert, playbacks told, @p change
     * run, the kernel's answer audited, the promises armed. @p report receives what @p change wrote.
     */
    SafetyOutcome change(const Caller &caller, const QString &action, const QString &target, bool createIfb, const ChangeGuards &guards,
                         const HeldBefore &heldBefore, const Change &change, QString *report = nullptr);
    /**
     * @p target's engine for a change, its snapshot made sure of first (taken now when there is
     * none of this device: then @p current holds the tree just read); nullptr with the refusal in
     * @p outcome. For changes that are not one call (a scenario's steps: they pass DeviceCheck::Now,
     * since a playback keeps the identity it began on, and change() retries no playback).
     */
    TcEngine *openForChange(const Caller &caller, const QString &action, const QString &target, bool createIfb,
                            std::optional<QdiscTree> *current, SafetyOutcome *outcome,
                            TargetEngines::DeviceCheck check = TargetEngines::DeviceCheck::AtMostOncePerSecond);
    /** change() with a whole tree; a client's foreign nodes are kept only where the kernel holds them. */
    SafetyOutcome apply(const Caller &caller, const QString &target, const QdiscTree &tree, const ChangeGuards &guards);
    /** Back to the kernel's default qdisc (a snapshot is taken first, as for any change). */
    SafetyOutcome clear(const Caller &caller, const QString &target);
    /** The snapshot back, when it is of the device @p target is now; then forgotten with every promise about it. */
    SafetyOutcome restore(const Caller &caller, const QString &target);
    /** Keeps the chain of changes @p transaction belongs to; the outcome's target says which. */
    SafetyOutcome confirm(const Caller &caller, const QString &transaction);
    /** The target whose unconfirmed change @p transaction is (empty when none waits). */
    QString pendingTarget(const QString &transaction) const { return m_reverts.pendingTarget(transaction); }

    /**
     * Puts @p tree back on @p target for @p reason (a RevertReason), audited as
     * revert(reason) by @p caller; on success every other promise about the target is moot.
     */
    bool revertTo(const QString &target, const QdiscTree &tree, QLatin1String reason, const Caller &caller, const QString &transaction = {});
    /** @p busName's revert-on-exit promises, taken: by target, the tree to put back. */
    QHash<QString, QdiscTree> takeExitReverts(const QString &busName) { return m_reverts.takeExitReverts(busName); }
    /** Every promise of anyone, taken (earliest first): for a road that is going away. */
    QHash<QString, QdiscTree> takeAllPromises() { return m_reverts.takeAll(); }

    /** Whether @p target (NETNS/IF) lies in one of @p namespaces. */
    static bool liesIn(const QString &target, const QStringList &namespaces);
    /** Forgets snapshots, promises and engines of targets in @p namespaces: they are being deleted. */
    void forgetNamespaces(const QStringList &namespaces);

    RevertBook &reverts() { return m_reverts; }
    const RevertBook &reverts() const { return m_reverts; }
    TargetEngines &engines() { return m_engines; }
    const SnapshotStore &snapshots() const { return m_snapshots; }
    bool hasPromises() const { return !m_reverts.isEmpty(); }

    /** One audit line (audited()), for the parts of the policy beside the net (Playbacks). */
    void audit(const Caller &caller, const QString &action, const QString &target, const QString &transaction,
               const QString &result, const QStringList &changes)
    {
        Q_EMIT audited(caller, action, target, transaction, result, changes);
    }

    /** The kernel's changes of a result, one line each, as an audit line lists them. */
    static QStringList changesOf(const ApplyResult &result);

Q_SIGNALS:
    /** One line per request that changes, or tries to change, the kernel (the helper's audit log). */
    void audited(const qs::Caller &caller, const QString &action, const QString &target, const QString &transaction,
                 const QString &result, const QStringList &changes);
    /** @p target's tree was changed (or may have been, partly) by a road through this net. */
    void kernelChanged(const QString &target);
    /** A tree was put back on @p target; @p requester asked for it (a Restore), empty for a promise kept. */
    void reverted(const QString &target, const QString &reason, const QString &requester);

private:
    /** Audits @p result; fills @p outcome's refusal when it failed. True when ok. */
    bool account(const Caller &caller, const QString &action, const QString &target, const ApplyResult &result,
                 const QString &transaction, SafetyOutcome *outcome);
    void forgetSnapshot(const QString &target);

    SnapshotStore m_snapshots;
    TargetEngines m_engines;
    RevertBook m_reverts;
    QHash<QString, TargetIdentity> m_snapshotOf; ///< targets whose snapshot on disk is known to match
    BeforeChange m_beforeChange;
};

} // namespace qs
