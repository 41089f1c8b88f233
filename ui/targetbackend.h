#pragma once

#include "hostclock.h"
#include "lab/labsockets.h"
#include "model/qdisctree.h"
#include "netlink/tcengine.h"
#include "scenario/scenario.h"
#include "scenario/scenarioprogress.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace qs {

/** How a change should be guarded. */
struct ApplyOptions
{
    unsigned revertAfterSeconds = 0; ///< 0: no auto-revert
    bool revertOnExit = false;       ///< put back what was there when the window goes away
};

/** What became of one change (an apply, a clear, a restore), as the window and the CLI show it. */
struct BackendApplyResult
{
    bool ok = false;
    QString error;          ///< a sentence for the status bar, the kernel's own words included
    QString transaction;    ///< for Confirm
    qint64 latencyUs = 0;   ///< from request to answer
    QStringList plan;       ///< what the kernel was asked to do
    /**
     * How many steps of @ref plan the kernel carried out: all of them when @ref ok. A refusal
     * through the helper carries no plan (the D-Bus error has only its sentence).
     */
    qsizetype done = 0;
    /** The kernel lacked this module ("sch_netem"): @ref error names it and how to load it. */
    QString missingModule;
    /** The request never reached the road (no system bus, no helper on it): nothing was asked. */
    bool unreachable = false;
};

/** How a scenario is played (see ScenarioPlayer). */
struct ScenarioPlayOptions
{
    /** When this client goes away (crash included): stop and put back the tree from before the scenario. */
    bool revertOnExit = true;
    std::optional<int> loops; ///< overrides the scenario's loop count (0: forever)
    /** Step 1 due at this CLOCK_MONOTONIC time of the host that plays (ns): a start shared with other targets. */
    std::optional<qint64> startAtNs;
};

/** A demo lab made for this client (see LabNetwork): two namespaces joined by a veth pair. */
struct LabInfo
{
    QString id;         ///< [a-z0-9]{1,12}; names the lab in openLabSockets() and removeLab()
    QString target;     ///< where the impairment goes: "qs-lab-<id>-a/lab0"
    QString namespaceA; ///< qs-lab-<id>-a: the sending host
    QString namespaceB; ///< qs-lab-<id>-b: the receiving host
};

/**
 * Where the window's changes go: the root helper over D-Bus (HelperBackend) or, for root
 * without a system bus and for tests, the engine in this process (DirectBackend). Every call
 * answers with a signal; nothing blocks the window, so a drag never waits on a dialog.
 */
class TargetBackend : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    /** "helper 0.1.0 on the system bus", "in-process engine (root, no system bus)". */
    virtual QString describe() const = 0;
    virtual bool isAvailable() const = 0;

    virtual void listTargets() = 0;
    /** Answers with treeRead(); never waits for the kernel (a tree of 50 000 classes takes a second to read). */
    virtual void readTree(const QString &target) = 0;
    virtual void apply(const QString &target, const QdiscTree &tree, const ApplyOptions &options) = 0;
    /** Keeps the chain of unconfirmed changes @p transaction belongs to, whoever made it; answers confirmed(). */
    virtual void confirm(const QString &transaction) = 0;
    /** Puts back the snapshot from before the first change; answers restored(). */
    virtual void restore(const QString &target) = 0;
    /** Back to the device's default qdisc (a snapshot first, as for any change); answers cleared(). */
    virtual void clear(const QString &target) = 0;
    /** Asks for TreeChanged of @p target (changes made by anyone). */
    virtual void watch(const QString &target) = 0;
    /** An engine that reads @p target's statistics (a socket handed over by the helper when needed). */
    virtual std::unique_ptr<StatsReader> openForStats(const QString &target, QString *error) = 0;

    /**
     * Builds a demo lab for this client; answers with labCreated(). The lab belongs to this
     * backend: it goes when removeLab() is called, when the backend is destroyed, and when the
     * process dies (the helper watches its client; the in-process backend has a guard process).
     * The default answers that the backend has no labs.
     */
    virtual void createLab();
    /**
     * The sockets a LabTraffic runs on, made in the lab's namespaces (the caller owns them);
     * nullopt with a sentence in @p error otherwise. Blocks briefly (it is fast).
     */
    virtual std::optional<LabTrafficSockets> openLabSockets(const QString &labId, QString *error);
    /** Removes a lab made by createLab(); answers with labRemoved(). */
    virtual void removeLab(const QString &labId);

    /** "this way to the kernel has no demo lab": the default implementations' answer. */
    static QString labsNotSupported();

    /**
     * Plays @p scenario, its references resolved (Scenario::resolveReferences), on @p target,
     * independently of any other target's playback (a scenario already playing there is
     * refused). Answers with scenarioCommandDone(target, "play", error); progress follows as
     * scenarioProgress(). Everything wrong with the scenario on this target is reported before
     * anything is applied. The defaults answer that the backend plays no scenarios.
     */
    virtual void playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options);
    /**
     * Asks now for what changing @p target needs (polkit, for the helper), so that a later change
     * or playback waits for nobody: a start shared by several targets must not wait for a
     * password. Answers with scenarioCommandDone(target, "authorize", error); nothing to ask here by default.
     */
    virtual void authorize(const QString &target);
    /**
     * The clock of the host that plays @p target's scenarios against this process's
     * CLOCK_MONOTONIC: the same clock here (offset 0); another host's measured over its helper
     * connection (blocking, a few round trips). nullopt with why in @p error.
     */
    virtual std::optional<HostClock> clockOf(const QString &target, QString *error);
    /** Each answers with scenarioCommandDone(target, "pause" / "resume" / "stop" / "seek", error). */
    virtual void pauseScenario(const QString &target);
    virtual void resumeScenario(const QString &target);
    /** Ends playback; the scenario's onAbort is carried out (by default the tree from before is put back). */
    virtual void stopScenario(const QString &target);
    /** Jumps to the start of @p step (0-based). */
    virtual void seekScenario(const QString &target, int step);
    /** Answers with scenarioProgress() for @p target now (state Stopped, steps 0 when nothing plays there). */
    virtual void queryScenario(const QString &target);
    static QString scenariosNotSupported();

    /**
     * Reaches the helper of another host over ssh (`[user@]host[:port]`, see SshLink) so that its
     * targets are listed and used as ssh://HOST/TARGET; answers hostAdded(). The default answers
     * that this backend reaches no other host.
     */
    virtual void addHost(const QString &host);
    /** The hosts reached so far (as SshHost writes them: "qs@lab4"); none by default. */
    virtual QStringList hosts() const { return {}; }

    /**
     * The blocking forms of apply(), clear(), restore() and confirm(), for the command line: each
     * sends its request and runs an event loop until the answer to it comes. Every road answers
     * every request; the helper's calls end with an error after the bus's long timeout (a
     * password dialog may take minutes).
     */
    BackendApplyResult applyAndWait(const QString &target, const QdiscTree &tree, const ApplyOptions &options);
    BackendApplyResult clearAndWait(const QString &target);
    BackendApplyResult restoreAndWait(const QString &target);
    /** True when the change is kept; else false with the sentence in @p error. */
    bool confirmAndWait(const QString &transaction, QString *error);

Q_SIGNALS:
    void targetsListed(const QList<qs::TargetInfo> &targets, const QString &error);
    /**
     * The answer to readTree(). @p counters are those the read saw (TcEngine::read()), when this
     * way to the kernel gives them (in-process; the helper sends the tree alone): the first
     * statistics sample of a target being opened, whose classes then need no second dump at once.
     */
    void treeRead(const QString &target, const std::optional<qs::QdiscTree> &tree, const QString &error,
                  const QList<qs::NodeStats> &counters);
    void applied(const QString &target, const qs::BackendApplyResult &result);
    void restored(const QString &target, const qs::BackendApplyResult &result);
    void cleared(const QString &target, const qs::BackendApplyResult &result);
    void confirmed(const QString &transaction, bool ok, const QString &error);
    void treeChanged(const QString &target);
    void reverted(const QString &target, const QString &reason);
    void availabilityChanged(bool available, const QString &description);
    /** The answer to createLab(): @p error is empty on success (and @p lab empty on failure). */
    void labCreated(const qs::LabInfo &lab, const QString &error);
    /** The answer to removeLab(): @p error is empty on success. */
    void labRemoved(const QString &labId, const QString &error);
    /** The answer to a scenario command ("play", "pause", "resume", "stop", "seek"): @p error is empty on success. */
    void scenarioCommandDone(const QString &target, const QString &command, const QString &error);
    /** Playback on @p target moved: a new step or state, and every half second while playing. */
    void scenarioProgress(const QString &target, const qs::ScenarioProgress &progress);
    /**
     * The answer to addHost(): @p host as SshHost::toString() writes it (as given when it is not a
     * host), @p error empty when its targets are listed from now on. Sent again with an error when
     * the host's connection ends later (ssh gone, network cut): its targets are then no longer listed.
     */
    void hostAdded(const QString &host, const QString &error);
};

} // namespace qs

Q_DECLARE_METATYPE(qs::BackendApplyResult)
Q_DECLARE_METATYPE(qs::LabInfo)
